import LaminaGeometry

/// What decides a draw's source colours besides an image's texels: the operation, the border drawn with it
/// as one (`BorderedFill`), the image it samples, by identity, and the passes it samples, by the keys that
/// decide their pixels (`Pass.retainKey`). Renderers that keep a draw's pixels between frames (the CPU's
/// kept draws, the GPU's kept draws) key them by it: two draws of equal identities over the same texels make
/// the same bytes.
///
/// A path's points are sampled by the hash as `PathCoverageKey` samples them (a stroke's outline can hold
/// thousands: a frame's lookups cost the draws, not their vertices), and compared whole by equality, at
/// once where both keys hold the same arrays (outlines the planner keeps). Maps are compared bit for bit, so
/// a map holding a NaN still equals itself. Keys that share a hash (paths differing only in points the hash
/// does not sample) are told apart by that comparison.
public struct DrawIdentity: Hashable, Sendable {
    public let op: DrawOp
    public let border: DrawOp?
    public let image: ObjectIdentifier?
    /// The keys of the pass the draw samples and of its mask pass (nil for none, or for an image source).
    public let source: PassRetainKey?
    public let mask: PassRetainKey?
    /// For a draw kept composited over what lies under it (one opaque colour, `DrawBackdrop`), that backdrop.
    public let backdrop: DrawBackdrop?

    public init(op: DrawOp, border: DrawOp?, image: ObjectIdentifier?, source: PassRetainKey? = nil,
                mask: PassRetainKey? = nil, backdrop: DrawBackdrop? = nil) {
        self.op = op
        self.border = border
        self.image = image
        self.source = source
        self.mask = mask
        self.backdrop = backdrop
    }

    /// This identity composited over `backdrop`.
    public func over(_ backdrop: DrawBackdrop) -> DrawIdentity {
        DrawIdentity(op: op, border: border, image: image, source: source, mask: mask, backdrop: backdrop)
    }

    public func hash(into hasher: inout Hasher) {
        op.hashSamplingPaths(into: &hasher)
        border?.hashSamplingPaths(into: &hasher)
        hasher.combine(image)
        hasher.combine(source)
        hasher.combine(mask)
        hasher.combine(backdrop)
    }

    public static func == (a: DrawIdentity, b: DrawIdentity) -> Bool {
        guard a.image == b.image, a.source == b.source, a.mask == b.mask, same(a.op, b.op) else { return false }
        guard a.backdrop == b.backdrop else { return false }
        switch (a.border, b.border) {
        case (nil, nil): return true
        case let (x?, y?): return same(x, y)
        default: return false
        }
    }

    /// The hash a renderer looks the identity of `op` drawn alone up by (of the image `image`, sampling no
    /// pass), without copying the operation into an identity: `DrawOp.quickHash`, a word at a time, not
    /// `hashValue`'s SipHash. Equal identities hash alike.
    @inlinable
    public static func hash(op: DrawOp, image: ObjectIdentifier?) -> Int {
        var hasher = QuickHasher()
        op.quickHash(into: &hasher)
        hasher.combine(image.map { Int(bitPattern: UInt(bitPattern: $0)) } ?? 0)
        return hasher.finalize()
    }

    /// `hash(op:image:)` of `op` drawn with `border` as one.
    @inlinable
    public static func hash(op: DrawOp, border: DrawOp, image: ObjectIdentifier?) -> Int {
        var hasher = QuickHasher()
        op.quickHash(into: &hasher)
        hasher.combine(-2)
        border.quickHash(into: &hasher)
        hasher.combine(image.map { Int(bitPattern: UInt(bitPattern: $0)) } ?? 0)
        return hasher.finalize()
    }

    /// Whether this is the identity of `op` drawn alone, of the image `image`, sampling no pass: `==` with
    /// `DrawIdentity(op: op, border: nil, image: image)`, the operation compared where it lies rather than
    /// copied into an identity.
    @inlinable
    public func matches(op: DrawOp, image: ObjectIdentifier?) -> Bool {
        self.image == image && source == nil && mask == nil && border == nil && backdrop == nil && Self.same(self.op, op)
    }

    /// `matches(op:image:)` of `op` drawn with `border` as one.
    @inlinable
    public func matches(op: DrawOp, border: DrawOp, image: ObjectIdentifier?) -> Bool {
        guard self.image == image, source == nil, mask == nil, backdrop == nil, let mine = self.border,
              Self.same(self.op, op) else {
            return false
        }
        return Self.same(mine, border)
    }

    @inlinable @usableFromInline
    static func same(_ a: DrawOp, _ b: DrawOp) -> Bool {
        guard a.bounds == b.bounds, a.edgeAA == b.edgeAA, a.modulate == b.modulate else { return false }
        return a.transform.hasSameBits(as: b.transform) && a.paint == b.paint && a.clips == b.clips && a.shape == b.shape
    }

    /// The bytes the identity holds beyond its size: its paths' points.
    public var pathBytes: Int {
        [op, border].reduce(0) { sum, op in
            guard let op, case .path(let path) = op.shape else { return sum }
            return sum + Polyline.bytes(of: path.polylines)
        }
    }
}

/// What a kept draw is composited over, every pixel of its bounds the same whatever was drawn before:
/// the pass's clear colour (`clear`), or an opaque solid operation covering each pixel of the bounds wholly
/// (`ops[0]` when `clear` is nil), then the operations drawn over that there (`ops`, oldest first, each
/// with its bounds cut to the draw's, and what they sample). The draw's pixels over it are decided by these
/// and the draw alone.
public struct DrawBackdrop: Hashable, Sendable {
    /// What one of `ops` samples besides its own fields: an image, by identity, and the keys of the passes
    /// it reads and is masked by (`Pass.retainKey`), each nil for none.
    public struct Sample: Hashable, Sendable {
        public let image: ObjectIdentifier?
        public let source: PassRetainKey?
        public let mask: PassRetainKey?

        public init(image: ObjectIdentifier? = nil, source: PassRetainKey? = nil, mask: PassRetainKey? = nil) {
            self.image = image; self.source = source; self.mask = mask
        }
    }

    public let clear: PremultipliedColor?
    public let ops: [DrawOp]
    /// What each of `ops` samples.
    public let samples: [Sample]

    public init(clear: PremultipliedColor?, ops: [DrawOp] = [], samples: [Sample]? = nil) {
        self.clear = clear
        self.ops = ops
        self.samples = samples ?? ops.map { _ in Sample() }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(clear)
        hasher.combine(samples)
        for op in ops { op.hashSamplingPaths(into: &hasher) }
    }

    /// Equal backdrops: their operations compared as `DrawIdentity` compares its own (maps bit for bit).
    public static func == (a: DrawBackdrop, b: DrawBackdrop) -> Bool {
        a.clear == b.clear && a.samples == b.samples && a.ops.count == b.ops.count
            && zip(a.ops, b.ops).allSatisfy { DrawIdentity.same($0, $1) }
    }
}
