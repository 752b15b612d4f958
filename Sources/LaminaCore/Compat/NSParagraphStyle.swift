import Foundation

/// NSTextAlignment (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable, Hashable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// NSLineBreakMode (UIKit's raw values); held, not applied (a CATextLayer's `truncationMode` and `isWrapped`
/// decide how its text breaks).
public enum NSLineBreakMode: Int, Sendable, Hashable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// The paragraph attributes of an attributed string (`.paragraphStyle`). A CATextLayer reads `alignment`
/// from its string's first paragraph style (see `TextLayer.string`); the rest are held.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    public internal(set) var alignment = NSTextAlignment.natural
    public internal(set) var lineBreakMode = NSLineBreakMode.byWordWrapping
    public internal(set) var lineSpacing: CGFloat = 0
    public internal(set) var paragraphSpacing: CGFloat = 0
    public internal(set) var paragraphSpacingBefore: CGFloat = 0
    public internal(set) var firstLineHeadIndent: CGFloat = 0
    public internal(set) var headIndent: CGFloat = 0
    public internal(set) var tailIndent: CGFloat = 0
    public internal(set) var minimumLineHeight: CGFloat = 0
    public internal(set) var maximumLineHeight: CGFloat = 0
    public internal(set) var lineHeightMultiple: CGFloat = 0

    public override init() { super.init() }

    /// The default style: natural alignment, word wrapping, no spacing.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    public func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }
    public func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(into: NSMutableParagraphStyle()) }

    func copyValues<T: NSParagraphStyle>(into style: T) -> T {
        style.alignment = alignment; style.lineBreakMode = lineBreakMode; style.lineSpacing = lineSpacing
        style.paragraphSpacing = paragraphSpacing; style.paragraphSpacingBefore = paragraphSpacingBefore
        style.firstLineHeadIndent = firstLineHeadIndent; style.headIndent = headIndent; style.tailIndent = tailIndent
        style.minimumLineHeight = minimumLineHeight; style.maximumLineHeight = maximumLineHeight
        style.lineHeightMultiple = lineHeightMultiple
        return style
    }
}

/// The settable NSParagraphStyle.
open class NSMutableParagraphStyle: NSParagraphStyle {
    public override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    public override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    public override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    public override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    public override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore } set { super.paragraphSpacingBefore = newValue }
    }
    public override var firstLineHeadIndent: CGFloat { get { super.firstLineHeadIndent } set { super.firstLineHeadIndent = newValue } }
    public override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
    public override var tailIndent: CGFloat { get { super.tailIndent } set { super.tailIndent = newValue } }
    public override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    public override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    public override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
}

extension NSAttributedString {
    /// The alignment of the first paragraph style in the string, as a CATextLayer alignment mode (`natural`
    /// and `left` are left, `justified` is justified); nil without a paragraph style.
    var paragraphAlignmentMode: TextLayer.AlignmentMode? {
        guard length > 0, let style = attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
        else { return nil }
        switch style.alignment {
        case .left, .natural: return .left
        case .center: return .center
        case .right: return .right
        case .justified: return .justified
        }
    }
}
