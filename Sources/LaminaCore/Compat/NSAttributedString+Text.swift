import Foundation
import LaminaGraph

// The attribute keys a CATextLayer reads, which Foundation on Linux does not define, and the conversion
// between an NSAttributedString and Lamina's text runs.

extension NSAttributedString.Key {
    /// The run's font: a `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// The run's text colour: a `UIColor` or `CGColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The run's underline: an `Int` or `NSUnderlineStyle` raw value; non-zero underlines.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// Accepted and not drawn.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
}

/// UIKit's underline styles; Lamina draws any non-zero style as a single line.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}

extension NSAttributedString {
    /// The string as Lamina's runs. A run without a font is Helvetica 12, without a colour black, as Core
    /// Text draws an attributed string (the layer's `font`, `fontSize` and `foregroundColor` do not apply).
    var textRuns: [TextLayer.AttributedRun] {
        var runs: [TextLayer.AttributedRun] = []
        let ns = string as NSString
        enumerateAttributes(in: NSRange(location: 0, length: length), options: []) { attributes, range, _ in
            let text = ns.substring(with: range)
            let font = attributes[.font] as? UIFont
            let color = attributes[.foregroundColor] as? Color
            var underline = false
            switch attributes[.underlineStyle] {
            case let n as Int: underline = n != 0
            case let n as NSNumber: underline = n.intValue != 0
            case let s as NSUnderlineStyle: underline = s.rawValue != 0
            default: break
            }
            runs.append(TextLayer.AttributedRun(text, font: font?.fontName ?? "Helvetica",
                                                fontSize: Double(font?.pointSize ?? 12),
                                                foregroundColor: color ?? .black, underline: underline))
        }
        return runs
    }

    /// An attributed string holding `runs`.
    static func holding(_ runs: [TextLayer.AttributedRun]) -> NSAttributedString {
        let result = NSMutableAttributedString(string: "")
        for run in runs {
            var attributes: [NSAttributedString.Key: Any] = [.font: UIFont(face: run.font, size: CGFloat(run.fontSize))]
            if let color = run.foregroundColor { attributes[.foregroundColor] = color }
            if run.underline { attributes[.underlineStyle] = NSUnderlineStyle.single.rawValue }
            result.append(NSAttributedString(string: run.text, attributes: attributes))
        }
        return result
    }
}
