import Foundation
import LaminaGraph
import LaminaGeometry

/// What the row loop (`PreparedOp.scan`) does with the runs it finds in a row: general pixels (coverage
/// x clips, then a blend) and solid runs (coverage 1 for the operation and every clip).
///
/// The loop is generic over it, so each kind of operation gets its own specialized loop with everything
/// inlined. Two families: `SampledRows` evaluates any shader through the operation's `PixelSampler`;
/// `AffineRows` serves fills and borders under a map with a constant Jacobian, computing each pixel's
/// local point inline and building a full sample only when a coverage must really be evaluated.
protocol RowShader {
    /// `plain`: the row is one of the operation's plain rows (`SpanPlan.isPlain`), whose spans it shares.
    func general(_ xs: Range<Int>, y: Int, py: Double, row: RowSpans, plain: Bool)
    func solid(_ xs: Range<Int>, y: Int, py: Double)
    /// Draws a whole plain row at once if the shader knows it (`PlainTemplate`); false: walk it.
    func replay(y: Int, py: Double, row: RowSpans) -> Bool
    /// Whether the row's hole (a border's inside, `RowSpans.hole`) is drawn, through `hole`; else skipped.
    static var drawsHole: Bool { get }
    /// Whether the shader records a plain row's values to replay on the others (`AffineRows`): such a row
    /// is drawn whole, hidden columns included, so the record is complete.
    static var recordsPlainRows: Bool { get }
    func hole(_ xs: Range<Int>, y: Int, py: Double, row: RowSpans, plain: Bool)
}

extension RowShader {
    static var drawsHole: Bool { false }
    static var recordsPlainRows: Bool { false }
    func hole(_ xs: Range<Int>, y: Int, py: Double, row: RowSpans, plain: Bool) {}
}
