// TEMP: replaced by the geometry branch's parser at merge; delete this file
import Foundation

/// TEMP stand-in for the geometry branch's SVG path-data parser: validates characters, returns an empty path.
struct TEMPSVGShimError: Error, CustomStringConvertible {
    let offset: Int
    let character: Character
    var description: String { "unexpected character '\(character)' at offset \(offset)" }
}

extension Path {
    /// TEMP: checks that `svgPathData` uses only SVG path-data characters; the real parser replaces this.
    init(svgPathData: String) throws {
        let allowed = Set("MmLlHhVvCcSsQqTtAaZz0123456789.,+-eE \t\r\n")
        for (offset, ch) in svgPathData.enumerated() where !allowed.contains(ch) {
            throw TEMPSVGShimError(offset: offset, character: ch)
        }
        self.init()
    }
}
