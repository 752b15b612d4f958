import Foundation

/// A single-pass parser of SVG path data over UTF-8 bytes, producing `Path` elements.
///
/// Hand-written rather than regex-based so errors can name the exact offset and the expected token,
/// and so number forms that tokenizers get wrong (".5.5", "1e-3", flags written as "01") follow the
/// SVG 1.1 path-data grammar exactly.
struct SVGPathParser {
    private let bytes: [UInt8]
    private var index = 0
    private var path = Path()
    /// The current point, the start of the current subpath, and whether a close ended the last subpath.
    private var current = (x: 0.0, y: 0.0)
    private var subpathStart = (x: 0.0, y: 0.0)
    private var closed = false
    /// The control point that S or T reflects, when the previous command was a cubic or a quad.
    private var lastCubicControl: (x: Double, y: Double)?
    private var lastQuadControl: (x: Double, y: Double)?
    /// Whether a comma followed the last argument, so a number must come next.
    private var commaPending = false

    init(_ string: String) { bytes = Array(string.utf8) }

    mutating func parse() throws -> Path {
        skipWhitespace()
        var first = true
        while index < bytes.count {
            let commandOffset = index
            let command = bytes[index]
            guard Self.commands.contains(command) else {
                throw error(at: index, expected: first ? "a moveto command (\"M\" or \"m\")" : "a path command")
            }
            if first && command != UInt8(ascii: "M") && command != UInt8(ascii: "m") {
                throw error(at: commandOffset, expected: "a moveto command (\"M\" or \"m\")")
            }
            first = false
            index += 1
            try parseArguments(of: command)
        }
        return path
    }

    private static let commands = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    // MARK: - Commands

    /// Reads every argument group that follows `command` (SVG allows repeating the groups).
    private mutating func parseArguments(of command: UInt8) throws {
        let name = String(UnicodeScalar(command))
        let relative = command >= UInt8(ascii: "a")
        let upper = relative ? command - 32 : command
        if upper == UInt8(ascii: "Z") {
            closeSubpath()
            skipWhitespace()
            return
        }
        var groupCommand = upper
        repeat {
            try parseGroup(groupCommand, relative: relative, name: name)
            // A moveto's further pairs are implicit linetos (SVG 1.1 §8.3.2).
            if groupCommand == UInt8(ascii: "M") { groupCommand = UInt8(ascii: "L") }
        } while try hasAnotherGroup(after: name)
    }

    private mutating func parseGroup(_ command: UInt8, relative: Bool, name: String) throws {
        let base = relative ? current : (x: 0.0, y: 0.0)
        func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (base.x + x, base.y + y) }
        switch command {
        case UInt8(ascii: "M"):
            let p = try pair(name)
            let to = point(p.0, p.1)
            path.move(to: cg(to))
            current = to; subpathStart = to; closed = false
            clearControls()
        case UInt8(ascii: "L"):
            let p = try pair(name)
            lineTo(point(p.0, p.1))
        case UInt8(ascii: "H"):
            let x = try number(after: name)
            lineTo((relative ? current.x + x : x, current.y))
        case UInt8(ascii: "V"):
            let y = try number(after: name)
            lineTo((current.x, relative ? current.y + y : y))
        case UInt8(ascii: "C"):
            let c1 = try pair(name), c2 = try pair(name), e = try pair(name)
            cubicTo(point(c1.0, c1.1), point(c2.0, c2.1), point(e.0, e.1))
        case UInt8(ascii: "S"):
            let c2 = try pair(name), e = try pair(name)
            cubicTo(reflected(lastCubicControl), point(c2.0, c2.1), point(e.0, e.1))
        case UInt8(ascii: "Q"):
            let c = try pair(name), e = try pair(name)
            quadTo(point(c.0, c.1), point(e.0, e.1))
        case UInt8(ascii: "T"):
            let e = try pair(name)
            quadTo(reflected(lastQuadControl), point(e.0, e.1))
        default: // "A"
            let rx = try number(after: name), ry = try number(after: name), angle = try number(after: name)
            let large = try flag(name), sweep = try flag(name)
            let e = try pair(name)
            arcTo(point(e.0, e.1), radii: (abs(rx), abs(ry)), rotationDegrees: angle, large: large, sweep: sweep)
        }
    }

    /// The previous control point reflected about the current point, or the current point when the
    /// previous command was not of the same kind (SVG 1.1 §8.3.6 and §8.3.7).
    private func reflected(_ control: (x: Double, y: Double)?) -> (x: Double, y: Double) {
        guard let c = control else { return current }
        return (2 * current.x - c.x, 2 * current.y - c.y)
    }

    /// Starts a new subpath at the closed subpath's start when drawing continues after Z.
    private mutating func beginDrawing() {
        if closed {
            path.move(to: cg(subpathStart))
            closed = false
        }
    }

    private mutating func lineTo(_ p: (x: Double, y: Double)) {
        beginDrawing()
        path.line(to: cg(p))
        current = p
        clearControls()
    }

    private mutating func cubicTo(_ c1: (x: Double, y: Double), _ c2: (x: Double, y: Double),
                                  _ e: (x: Double, y: Double)) {
        beginDrawing()
        path.curve(to: cg(e), control1: cg(c1), control2: cg(c2))
        current = e
        lastCubicControl = c2; lastQuadControl = nil
    }

    private mutating func quadTo(_ c: (x: Double, y: Double), _ e: (x: Double, y: Double)) {
        beginDrawing()
        path.quadCurve(to: cg(e), control: cg(c))
        current = e
        lastQuadControl = c; lastCubicControl = nil
    }

    private mutating func closeSubpath() {
        path.closeSubpath()
        current = subpathStart
        closed = true
        clearControls()
    }

    private mutating func clearControls() { lastCubicControl = nil; lastQuadControl = nil }

    /// An elliptical arc by SVG 1.1 appendix F.6: endpoint-to-centre conversion with out-of-range radii
    /// corrected (F.6.6), then cubics through `Path.appendEllipticalArc`.
    private mutating func arcTo(_ end: (x: Double, y: Double), radii: (Double, Double), rotationDegrees: Double,
                                large: Bool, sweep: Bool) {
        let start = current
        // F.6.2: identical end points omit the arc; a zero radius makes it a straight line.
        if start.x == end.x && start.y == end.y { return }
        var (rx, ry) = radii
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return lineTo(end) }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // F.6.5.1: the start point in the ellipse's axes, relative to the chord's midpoint.
        let hx = (start.x - end.x) / 2, hy = (start.y - end.y) / 2
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        // F.6.6.2: scale radii up uniformly when no ellipse of that size reaches both points.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s; ry *= s
        }
        // F.6.5.2: the centre in the ellipse's axes; the sign picks one of the two candidate centres.
        let rx2 = rx * rx, ry2 = ry * ry
        let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
        let numerator = rx2 * ry2 - denominator
        var coefficient = denominator > 0 ? (max(0, numerator) / denominator).squareRoot() : 0
        if large == sweep { coefficient = -coefficient }
        let cxp = coefficient * rx * y1 / ry
        let cyp = -coefficient * ry * x1 / rx
        // F.6.5.3: back to path space.
        let cx = cosPhi * cxp - sinPhi * cyp + (start.x + end.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (start.y + end.y) / 2
        // F.6.5.5-6: start angle and sweep in the ellipse's parameter space.
        let ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry
        let vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry
        let theta1 = atan2(uy, ux)
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        beginDrawing()
        let before = path.elements.count
        path.appendEllipticalArc(center: (cx, cy), radii: (rx, ry), rotation: phi, startAngle: theta1, sweep: delta)
        // Pin the final point to the given end point so rounding never opens a gap in the outline.
        if path.elements.count > before, case .cubic(let c1, let c2, _)? = path.elements.last {
            path.elements[path.elements.count - 1] = .cubic(c1, c2, cg(end))
        }
        current = end
        clearControls()
    }

    // MARK: - Tokens

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    /// Skips whitespace and at most one comma; returns whether a comma was skipped.
    @discardableResult
    private mutating func skipSeparator() -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    /// Whether another argument group follows: a number starts after optional separators. A comma
    /// followed by anything but a number is an error, since the grammar allows commas only between numbers.
    private mutating func hasAnotherGroup(after name: String) throws -> Bool {
        let comma = commaPending || skipSeparator()
        commaPending = false
        let startsNumber = index < bytes.count && Self.startsNumber(bytes[index])
        if comma && !startsNumber { throw error(at: index, expected: "a number after \",\"") }
        return startsNumber
    }

    private static func startsNumber(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".")
    }

    private mutating func pair(_ name: String) throws -> (Double, Double) {
        let x = try number(after: name)
        let y = try number(after: name)
        return (x, y)
    }

    /// Reads one number (sign, digits, optional fraction, optional exponent) and the separator after it.
    private mutating func number(after name: String) throws -> Double {
        skipWhitespace()
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = start
            throw error(at: start, expected: "a number after \"\(name)\"")
        }
        // An exponent only when digits follow, so "1e" leaves "e" to be reported as a bad command.
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            if digits() == 0 { index = mark }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(at: start, expected: "a finite number after \"\(name)\"")
        }
        commaPending = skipSeparator()
        return value
    }

    /// Reads an arc flag: a single "0" or "1", which may be followed directly by the next number.
    private mutating func flag(_ name: String) throws -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw error(at: index, expected: "an arc flag (0 or 1) after \"\(name)\"")
        }
        let value = bytes[index] == UInt8(ascii: "1")
        index += 1
        commaPending = skipSeparator()
        return value
    }

    // MARK: - Errors

    /// An error at byte `at`, converted to a character offset and quoting the character found there.
    private func error(at byteOffset: Int, expected: String) -> PathParseError {
        let offset = String(decoding: bytes[0..<min(byteOffset, bytes.count)], as: UTF8.self).count
        var found = "end of data"
        if byteOffset < bytes.count {
            let rest = String(decoding: bytes[byteOffset...], as: UTF8.self)
            if let c = rest.first { found = Echo.quoted(String(c)) }
        }
        return PathParseError(offset: offset, expected: expected, found: found)
    }

    private func cg(_ p: (x: Double, y: Double)) -> CGPoint { CGPoint(x: p.x, y: p.y) }
}
