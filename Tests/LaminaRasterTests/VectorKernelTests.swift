import CLaminaKernels
import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// The bilinear grid's rows in C with AVX2 (`CPUFastPaths.vectorKernels`) draw the Swift rows' bytes: on
/// random texels, weights, coverages, opacities and destinations, and on whole scenes of labels and images.
final class VectorKernelTests: XCTestCase {
    private func requireAVX2() throws {
        try XCTSkipUnless(LinearGrid.hasAVX2, "this processor has no AVX2: the C rows never run here")
    }

    /// Random rows, both loops over copies of one destination: byte for byte the same. Weights and coverages
    /// include 0, 1/2 and 1, and opacities 1/2, where a value can land on an exact half step and the rounding
    /// falls back to the store's.
    func testRandomRows_drawTheSwiftRowsBytes() throws {
        try requireAVX2()
        var rng = SplitMix64(seed: 77)
        let width = 64
        var texels = [UInt8](repeating: 0, count: width * 2 * 4)
        for i in 0..<width * 2 where rng.unit() < 0.8 {
            let a = UInt8(rng.next() % 256)
            texels[i * 4 + 3] = a
            for c in 0..<3 { texels[i * 4 + c] = rng.unit() < 0.3 ? a : UInt8(rng.next() % (UInt64(a) + 1)) }
        }
        func pick(_ rng: inout SplitMix64) -> Double { [0, 0.5, 1, 0.25, rng.unit()][Int(rng.next() % 5)] }
        var compared = 0
        for round in 0..<400 {
            let columns = (0..<96).map { _ in
                LinearGrid.Line(first: Int32(rng.next() % UInt64(width)), second: Int32(rng.next() % UInt64(width)),
                                weight: pick(&rng), coverage: pick(&rng))
            }
            let row = LinearGrid.Line(first: 0, second: 1, weight: pick(&rng), coverage: rng.unit() < 0.5 ? 1 : pick(&rng))
            let opacity = [1, 0.5, rng.unit()][round % 3]
            let tint = round % 4 == 0 ? SIMD4(rng.unit(), rng.unit(), rng.unit(), rng.unit()) : SIMD4(repeating: 1.0)
            var swift = (0..<96 * 4).map { _ in UInt8(rng.next() % 256) }
            var avx = swift, wide = swift
            texels.withUnsafeBytes { raw in
                columns.withUnsafeBufferPointer { lines in
                    guard let base = raw.baseAddress, let lines = lines.baseAddress else { return }
                    let rows = LinearGrid.Rows(texels: base, stride: width * 4, columns: lines, x0: 0)
                    swift.withUnsafeMutableBufferPointer { out in
                        guard let p = out.baseAddress else { return }
                        rows.plain(0..<96, y: 0, row, BlendTarget(base: p, width: 96), opacity: opacity, tint: tint)
                    }
                    avx.withUnsafeMutableBufferPointer { out in
                        guard let p = out.baseAddress else { return }
                        rows.plainAVX2(0..<96, y: 0, row, BlendTarget(base: p, width: 96), opacity: opacity, tint: tint,
                                       wide: false)
                    }
                    // Odd starts and ends too: the two-pixel loop leaves its last pixel to the AVX2 one.
                    guard LinearGrid.hasAVX512 else { return }
                    let xs = (round % 3)..<(96 - round % 2)
                    wide.withUnsafeMutableBufferPointer { out in
                        guard let p = out.baseAddress else { return }
                        rows.plain(0..<xs.lowerBound, y: 0, row, BlendTarget(base: p, width: 96), opacity: opacity, tint: tint)
                        rows.plainAVX2(xs, y: 0, row, BlendTarget(base: p, width: 96), opacity: opacity, tint: tint, wide: true)
                        rows.plain(xs.upperBound..<96, y: 0, row, BlendTarget(base: p, width: 96), opacity: opacity, tint: tint)
                    }
                }
            }
            let first = swift.indices.first { swift[$0] != avx[$0] }
            XCTAssertNil(first, "round \(round): pixel \((first ?? 0) / 4) differs")
            if LinearGrid.hasAVX512 {
                let firstWide = swift.indices.first { swift[$0] != wide[$0] }
                XCTAssertNil(firstWide, "round \(round), AVX-512: pixel \((firstWide ?? 0) / 4) differs")
            }
            compared += 96
        }
        XCTAssertEqual(compared, 38_400)
    }

    /// Labels at fractional positions and random images: every pass drawn with the C rows, and without them
    /// (every other fast path on), the same bytes.
    func testScenes_drawTheSameBytesWithAndWithoutTheKernels() throws {
        try requireAVX2()
        let scene = makeScene(width: 200, height: 80, scale: 2, background: Color(white: 0.95)) { root in
            for k in 0..<6 {
                let text = TextLayer()
                text.frame = CGRect(x: 3.37 + Double(k % 3) * 64.1, y: 5.71 + Double(k / 3) * 33.3, width: 60, height: 28.6)
                text.contentsScale = [1, 2, 1.5][k % 3]
                text.stringValue = "Label \(k)"
                text.fontSize = 12
                text.foregroundColor = Color(red: 0.1 * Double(k), green: 0.3, blue: 0.6)
                text.opacity = k == 4 ? 0.5 : 1
                root.addSublayer(text)
            }
        }
        let graph = try Planner().plan(scene)
        let with = try CPURenderer(paths: .all).render(graph)
        let without = try CPURenderer(paths: CPUFastPaths.all.subtracting(.vectorKernels)).render(graph)
        XCTAssertEqual(try ImageComparison(with, without).maxDifference, 0)
        XCTAssertTrue(stride(from: 0, to: with.pixels.count, by: 4).contains { with.pixels[$0 + 2] < 200 && with.pixels[$0] < 100 },
                      "the labels were drawn")
    }

    /// A pass composited at its opacity in C (`lamina_map_over_row_avx2`): each texel through a table of
    /// source bytes, then source-over, as `runAlignedPlainRows` draws it. Random rows of runs of one texel,
    /// empty texels, texels of alpha zero with colour, over random destinations, at odd starts and lengths.
    func testMappedOverRows_drawTheSwiftBytes() throws {
        try requireAVX2()
        var rng = SplitMix64(seed: 31)
        for round in 0..<200 {
            let opacity = [0.5, 0.6, 1.0 / 3, rng.unit()][round % 4]
            var table = [UInt8](repeating: 0, count: 1024)
            for v in 0..<256 {
                for k in 0..<4 { table[k << 8 | v] = Blend.quantize(Double(v) / 255 * opacity * (k == 1 ? 0.75 : 1)) }
            }
            var texels: [UInt32] = []
            while texels.count < 203 {
                let a = [0, 255, UInt32(rng.next() % 256)][Int(rng.next() % 3)]
                let texel = a == 0 && rng.unit() < 0.5 ? UInt32(rng.next() % 0xFFFFFF)
                    : UInt32(rng.next() % UInt64(a + 1)) | UInt32(rng.next() % UInt64(a + 1)) << 16 | a << 24
                texels += [UInt32](repeating: texel, count: Int(rng.next() % 19) + 1)
            }
            let destination = (0..<texels.count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let start = round % 5, count = texels.count - start - round % 7
            var expected = destination, drawn = destination
            for i in start..<start + count where texels[i] >> 24 != 0 {
                let t = texels[i]
                let b = SIMD4(table[Int(t & 0xFF)], table[256 | Int(t >> 8 & 0xFF)], table[512 | Int(t >> 16 & 0xFF)],
                              table[768 | Int(t >> 24)])
                expected[i] = Blend.over(b, expected[i])
            }
            texels.withUnsafeBufferPointer { t in
                table.withUnsafeBufferPointer { table in
                    drawn.withUnsafeMutableBytes { out in
                        guard let t = t.baseAddress, let table = table.baseAddress, let out = out.baseAddress else { return }
                        lamina_map_over_row_avx2(t + start, table, out.assumingMemoryBound(to: UInt8.self) + start * 4, count)
                    }
                }
            }
            let first = drawn.indices.first { drawn[$0] != expected[$0] }
            XCTAssertNil(first, "round \(round): pixel \(first ?? 0) differs")
        }
    }

    /// Groups at opacities whose products land on half steps, nested, over cards and a gradient background,
    /// one hanging off the canvas's left and top, one clipped by its parent: composited with the C rows and
    /// without them, the same bytes.
    func testGroupComposites_drawTheSameBytesWithAndWithoutTheKernels() throws {
        try requireAVX2()
        let scene = try SceneFixture.decode(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 240, "height": 120, "background": "#EEF0F4"},
             "layers": [
               {"frame": [0, 0, 240, 120], "backgroundColor": "#80204060", "cornerRadius": 30},
               {"frame": [10.5, 8, 110, 90], "opacity": 0.5, "sublayers": [
                 {"frame": [0, 0, 60, 44], "backgroundColor": "#3366CC", "cornerRadius": 8, "borderWidth": 2,
                  "borderColor": "#112244"},
                 {"frame": [24, 20, 60, 44], "backgroundColor": "#EE883380", "cornerRadius": 8},
                 {"frame": [30, 40, 70, 44], "opacity": 0.6, "sublayers": [
                   {"frame": [0, 0, 40, 30], "backgroundColor": "#11AA55"},
                   {"frame": [20, 10, 40, 30], "backgroundColor": "#FFFFFF", "cornerRadius": 6}]}]},
               {"frame": [-20.5, -15, 70, 50], "opacity": 0.7, "sublayers": [
                 {"frame": [0, 0, 50, 40], "backgroundColor": "#AA3377", "cornerRadius": 9},
                 {"frame": [20, 10, 50, 40], "backgroundColor": "#33AA77C0"}]},
               {"frame": [60, 70, 60, 40], "masksToBounds": true, "sublayers": [
                 {"frame": [-10, -12, 80, 60], "opacity": 0.45, "sublayers": [
                   {"frame": [0, 0, 50, 40], "backgroundColor": "#7733AA", "cornerRadius": 5},
                   {"frame": [25, 15, 50, 40], "backgroundColor": "#FFAA00"}]}]},
               {"frame": [130, 12, 100, 90], "opacity": 0.3333, "sublayers": [
                 {"frame": [0, 0, 70, 60], "backgroundColor": "#CC2244", "cornerRadius": 12},
                 {"frame": [25, 25, 70, 60], "backgroundColor": "#2244CC", "borderWidth": 3, "borderColor": "#FFEE00"}]}]}
            """#)
        let graph = try Planner().plan(scene)
        XCTAssertGreaterThanOrEqual(graph.passes.filter { $0.reason == .groupOpacity }.count, 5)
        let with = try CPURenderer(paths: .all).render(graph)
        let without = try CPURenderer(paths: CPUFastPaths.all.subtracting(.vectorKernels)).render(graph)
        XCTAssertEqual(try ImageComparison(with, without).maxDifference, 0)
        let plain = try CPURenderer(paths: []).render(graph)
        XCTAssertEqual(try ImageComparison(with, plain).maxDifference, 0, "the reference loops")
    }
}
