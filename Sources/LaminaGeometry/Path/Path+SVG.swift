import Foundation

extension Path {
    /// Parses SVG path data (the `d` attribute), every command absolute and relative.
    ///
    /// Follows SVG 1.1 §8.3: a moveto followed by more pairs draws lines, S and T reflect the previous
    /// control point, arcs are converted from endpoint to centre form (appendix F.6) and to cubics, and
    /// after Z the current point returns to the subpath's start. A drawing command after Z starts a new
    /// subpath there, written as an explicit `.move` so consumers never see a line follow a close. An
    /// empty or all-whitespace string gives an empty path.
    ///
    /// - Throws: `PathParseError` naming the character offset and what was expected.
    public init(svgPathData data: String) throws {
        var parser = SVGPathParser(data)
        self = try parser.parse()
    }
}
