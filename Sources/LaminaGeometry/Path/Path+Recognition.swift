import Foundation

extension Path {
    /// The rounded rect (circular corners) this path is exactly, when it is one: the elements
    /// `addRoundedRect` produces for that shape, and nothing else. A rect is a rounded rect with zero radii.
    ///
    /// Skia does the same (`SkPath::isRRect`) so a shadowPath or shape that is really a rounded rect takes the
    /// rounded-rect route (analytic coverage, a stretchable shadow) instead of the general path rasterizer.
    /// Recognition is by regeneration: the radii are read off the elements and the path is rebuilt from them,
    /// so only a path that would draw identically is accepted.
    public var roundedRectShape: RoundedRect? {
        if elements.count == 5 {
            // `addRect`'s four corners, clockwise from the top left.
            let box = controlPointBounds
            guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
            var rect = Path()
            rect.addRect(box)
            return rect == self ? RoundedRect(rect: box) : nil
        }
        guard elements.count >= 6, elements.count <= 10, case .move = elements.first, elements.last == .close else {
            return nil
        }
        let box = controlPointBounds
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        let x0 = Double(box.minX), y0 = Double(box.minY), x1 = Double(box.maxX), y1 = Double(box.maxY)
        // Corners in the order addRoundedRect visits them; each is a line then, if rounded, one cubic.
        let cornerPoints = [(x1, y0), (x1, y1), (x0, y1), (x0, y0)]
        var radii: [Double] = []
        var i = 1
        for corner in cornerPoints {
            guard i < elements.count, case .line(let p) = elements[i] else { return nil }
            i += 1
            if i < elements.count, case .cubic(_, _, let end) = elements[i] {
                i += 1
                // The line ends where the corner's arc starts: its distance from the corner is the radius.
                let r = max(abs(Double(p.x) - corner.0), abs(Double(p.y) - corner.1))
                guard abs(Double(end.x) - corner.0) <= r + 1e-9, abs(Double(end.y) - corner.1) <= r + 1e-9 else {
                    return nil
                }
                radii.append(r)
            } else {
                radii.append(0)
            }
        }
        guard i == elements.count - 1 else { return nil }
        let shape = RoundedRect(rect: box, minXMinY: radii[3], maxXMinY: radii[0], minXMaxY: radii[2],
                                maxXMaxY: radii[1], curve: .circular)
        let rebuilt = Path(roundedRect: shape).elements
        guard rebuilt.count == elements.count else { return nil }
        let tolerance = 1e-9 * max(1, abs(x0), abs(y0), abs(x1), abs(y1))
        for (a, b) in zip(rebuilt, elements) where !a.isClose(to: b, tolerance: tolerance) { return nil }
        return shape
    }
}

extension Path.Element {
    /// Same kind with every point within `tolerance` (reading radii off points is exact only to rounding).
    func isClose(to other: Path.Element, tolerance: Double) -> Bool {
        func near(_ p: CGPoint, _ q: CGPoint) -> Bool {
            abs(Double(p.x) - Double(q.x)) <= tolerance && abs(Double(p.y) - Double(q.y)) <= tolerance
        }
        switch (self, other) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)): return near(p, q)
        case (.quad(let c, let p), .quad(let d, let q)): return near(c, d) && near(p, q)
        case (.cubic(let a, let b, let p), .cubic(let c, let d, let q)): return near(a, c) && near(b, d) && near(p, q)
        case (.close, .close): return true
        default: return false
        }
    }
}
