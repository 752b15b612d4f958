import Foundation
@testable import LaminaRaster
import LaminaCore
import LaminaGraph
import LaminaGeometry
import XCTest

/// The corner table: lookups read at most `maxProbes` slots however crowded a radius's block is, a stored
/// value is found again, and an operation whose lookups stop finding values stops paying for them.
final class CornerTableTests: XCTestCase {
    func testCrowdedBlock_lookupsStayBoundedAndFindWhatWasStored() {
        let table = CornerTable()
        defer { table.deallocate() }
        table.use(jacobian: SIMD4(1, 0, 0, 1))
        // Two thousand points of one radius: far more than its block holds.
        var stored: [(Double, Double, Double)] = []
        for i in 0..<2000 {
            let dqx = 0.37 + Double(i % 40) * 0.731, dqy = 0.11 + Double(i / 40) * 0.577
            let probe = table.probe(dqx: dqx, dqy: dqy, r: 12, signs: 0)
            XCTAssertNil(probe.value, "point \(i) was never stored")
            let value = Double(i) / 2000
            table.store(value, at: probe)
            if probe.slot >= 0 { stored.append((dqx, dqy, value)) }
        }
        XCTAssertGreaterThan(stored.count, 0)
        XCTAssertLessThan(stored.count, 2000, "a crowded block keeps only what lies within reach of its home")
        for (dqx, dqy, value) in stored {
            XCTAssertEqual(table.probe(dqx: dqx, dqy: dqy, r: 12, signs: 0).value, value)
        }
    }

    func testPays_onlyWhileLookupsFindValues() {
        let table = CornerTable()
        defer { table.deallocate() }
        table.use(jacobian: SIMD4(1, 0, 0, 1))
        // Every lookup new: after the trial the table no longer pays.
        for i in 0..<Int(CornerTable.trialProbes) {
            XCTAssertTrue(table.pays)
            let p = table.probe(dqx: Double(i) + 0.3, dqy: 0.7, r: 8, signs: 0)
            table.store(1, at: p)
        }
        XCTAssertFalse(table.pays)
        // The next operation starts a new trial, and lookups that find their values keep it paying.
        table.use(jacobian: SIMD4(1, 0, 0, 1))
        for i in 0..<Int(CornerTable.trialProbes) * 2 {
            XCTAssertTrue(table.pays, "lookup \(i)")
            XCTAssertNotNil(table.probe(dqx: Double(i % 8) + 0.3, dqy: 0.7, r: 8, signs: 0).value)
        }
    }

    /// Bordered cards at random fractional positions (no two corners alike) and at whole pixels (every
    /// corner alike): the same bytes with and without the coverage memo and its corner table.
    func testCardsAtAnyPhase_sameBytesWithAndWithoutTheMemo() throws {
        for fractional in [true, false] {
            var rng = SplitMix64(seed: fractional ? 5 : 6)
            let scene = Scene(width: 240, height: 180, scale: 1, background: .white)
            for _ in 0..<40 {
                let card = Layer()
                func coordinate(_ range: ClosedRange<Double>) -> Double {
                    let v = Double.random(in: range, using: &rng)
                    return fractional ? v : v.rounded()
                }
                card.frame = CGRect(x: coordinate(0...200), y: coordinate(0...150), width: coordinate(20...60),
                                    height: coordinate(16...40))
                card.backgroundColor = Color(red: Double.random(in: 0...1, using: &rng), green: 0.4, blue: 0.7)
                card.cornerRadius = 7
                card.borderWidth = 1.5
                card.borderColor = .darkGray
                scene.root.addSublayer(card)
            }
            let graph = try Planner().plan(scene)
            var off = CPUFastPaths.all
            off.remove(.coverageMemo)
            let with = try CPURenderer(threads: 2, paths: .all).render(graph)
            let without = try CPURenderer(threads: 2, paths: off).render(graph)
            XCTAssertEqual(with.pixels, without.pixels, fractional ? "fractional positions" : "whole pixels")
        }
    }
}

