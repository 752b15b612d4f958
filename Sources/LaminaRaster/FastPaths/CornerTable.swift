import Foundation

/// Corner coverages of rounded rects, stored under their exact inputs and shared by every operation a
/// band draws with the same Jacobian.
///
/// In a corner quadrant (`dqx > 0`, `dqy > 0`), `Coverage.rounded` is a function of `dqx`, `dqy`, the
/// radius r, the normal's signs (sx, sy) and the Jacobian, nothing else. With a diagonal Jacobian (an
/// axis-aligned map) the signs drop out too: the normal enters `Sample.pixels` only as `nx * dxdpx` plus a
/// zero (`ny * dydpx`), squared, and IEEE products and squares do not depend on the factors' signs. UI
/// cards repeat a handful of radii at whole-pixel positions, so their corners present the same few
/// thousand input triples again and again (the four corners of a card, its fill and its border, every card
/// with that radius): each triple is evaluated once per band and looked up after that. Values are stored
/// under the inputs' exact bits, so a lookup returns the double the evaluation would.
struct CornerTable {
    /// Slots: 2^12, a few more distinct triples than a band of cards presents; at half full it is cleared.
    static let capacityLog2 = 12
    static let capacity = 1 << capacityLog2
    /// Slots per radius block: about the distinct corner points of one radius on a pixel grid.
    static let blockLog2 = 7

    /// Per slot (dqx bits, dqy bits, r bits, tag); tag 0 marks an empty slot, else 1 | signs << 1.
    private let keys: UnsafeMutablePointer<SIMD4<UInt64>>
    private let values: UnsafeMutablePointer<Double>
    /// [count, Jacobian bits x 4, probes, hits]: the table's fill, the Jacobian its values belong to, and the
    /// current operation's lookups and how many found their value (`pays`).
    private let state: UnsafeMutablePointer<UInt64>

    /// Allocates an empty table; `deallocate` frees it.
    init() {
        keys = .allocate(capacity: CornerTable.capacity)
        values = .allocate(capacity: CornerTable.capacity)
        state = .allocate(capacity: 7)
        values.initialize(repeating: 0, count: CornerTable.capacity)
        state.initialize(repeating: 0, count: 7)
        reset()
    }

    /// Empties the table: a draw pass starts from no stored corners, whatever earlier passes evaluated.
    func reset() {
        clear()
        // No Jacobian has the all-ones NaN pattern, so the next operation always claims the table.
        for i in 1..<5 { state[i] = UInt64.max }
    }

    func deallocate() {
        keys.deallocate(); values.deallocate(); state.deallocate()
    }

    private func clear() {
        keys.initialize(repeating: SIMD4(0, 0, 0, 0), count: CornerTable.capacity)
        state[0] = 0
    }

    /// Makes the table hold values for the Jacobian `j` (dxdpx, dxdpy, dydpx, dydpy), emptying it if it
    /// held another's.
    func use(jacobian j: SIMD4<Double>) {
        state[5] = 0
        state[6] = 0
        let bits = SIMD4(j.x.bitPattern, j.y.bitPattern, j.z.bitPattern, j.w.bitPattern)
        guard SIMD4(state[1], state[2], state[3], state[4]) != bits else { return }
        clear()
        state[1] = bits.x; state[2] = bits.y; state[3] = bits.z; state[4] = bits.w
    }

    /// Whether the current operation's lookups pay: true for its first `trialProbes`, then while at least
    /// a quarter of them find their value. A card at a whole-pixel phase meets the corners of the cards
    /// before it (nearly every lookup hits); cards at random fractional positions each bring new inputs,
    /// where a lookup and a store cost more than the evaluation they were to save (300 such bordered
    /// cards took 30 ms with the table, 10 without). Either way every value is the evaluation's.
    @inline(__always)
    var pays: Bool { state[5] < CornerTable.trialProbes || state[6] &* 4 >= state[5] }

    /// The most slots a lookup reads. Keys of one radius share a block, and inputs that never repeat (cards
    /// at fractional positions) filled it until each lookup walked hundreds of slots; a key is stored only
    /// within this many slots of its home, so a lookup that reads this many without it or an empty slot
    /// knows it is absent.
    static let maxProbes = 16

    /// Lookups of an operation before `pays` judges them.
    static let trialProbes: UInt64 = 32

    /// Where the value for (dqx, dqy, r, signs) is: found (`value`), or the empty slot it would take.
    struct Probe {
        let key: SIMD4<UInt64>
        let slot: Int
        let value: Double?
    }

    /// Looks (dqx, dqy, r, signs) up; a miss is stored with `store(_:at:)` once evaluated. Two steps, not
    /// one taking the evaluation as a closure: a closure's context captured the shape and the memo, which
    /// the per-pixel loops then copied to the stack at every run.
    @inline(__always)
    func probe(dqx: Double, dqy: Double, r: Double, signs: UInt64) -> Probe {
        state[5] &+= 1
        let key = SIMD4(dqx.bitPattern, dqy.bitPattern, r.bitPattern, 1 | signs << 1)
        // The radius (and signs) pick a block of 2^blockLog2 slots, the point a slot in it: an operation's
        // lookups stay within a few kilobytes instead of spreading over the whole table.
        let block = (key.z ^ key.w << 61) &* 0x9E37_79B9_7F4A_7C15
        var mix = key.x &* 0xC2B2_AE3D_27D4_EB4F
        mix = (mix ^ (mix >> 29) ^ key.y) &* 0x1656_67B1_9E37_79F9
        let mask = CornerTable.capacity - 1
        let blockBits = CornerTable.capacityLog2 - CornerTable.blockLog2
        var i = (Int(truncatingIfNeeded: block >> UInt64(64 - blockBits)) << CornerTable.blockLog2
            | Int(truncatingIfNeeded: mix >> UInt64(64 - CornerTable.blockLog2))) & mask
        for _ in 0..<CornerTable.maxProbes {
            let k = keys[i]
            if k == key {
                state[6] &+= 1
                return Probe(key: key, slot: i, value: values[i])
            }
            if k.w == 0 { return Probe(key: key, slot: i, value: nil) }
            i = (i + 1) & mask
        }
        // A crowded block: the value is evaluated and not stored.
        return Probe(key: key, slot: -1, value: nil)
    }

    /// Stores `v`, evaluated after `probe` missed, with no other store and no `use(jacobian:)` between (a
    /// table emptied for another Jacobian must not take a value of the old one; `CoverageMemo` probes and
    /// stores back to back).
    @inline(__always)
    func store(_ v: Double, at p: Probe) {
        guard p.slot >= 0 else { return }
        if Int(state[0]) >= CornerTable.capacity / 2 {
            // Full enough that probes grow long: start over (the value is not kept).
            clear()
            return
        }
        keys[p.slot] = p.key
        values[p.slot] = v
        state[0] += 1
    }
}
