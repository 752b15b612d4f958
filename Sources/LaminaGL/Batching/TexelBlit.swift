import Foundation
import LaminaGraph
import LaminaGeometry

/// Recognises texture draws that copy texels one to one: nearest-filtered, unclipped, unmasked, under a
/// translation or a positive scale, onto whole pixels, with each axis either 1:1 (the texel follows the
/// pixel) or stretched from a single texel line. The shadow atlas's nine-patch slices and text layers'
/// stores on a scaled canvas are of this kind.
///
/// Linear-filtered draws are copies too when they map one texel to one pixel under a translation (a group's
/// or a mask's pass drawn back): bilinear filtering at texel centres returns the texel. The general
/// shader's float path rounds some exact ties (an odd byte times opacity 0.5) the other way from the CPU
/// reference; the copy rounds them as the CPU does, so on `key_half_opacity_ties` it moves 4 GPU pixels by
/// 1 toward the reference (12 pixels differed from the CPU by 1, now 8), and the fast and general GPU paths
/// differ there.
///
/// For these the general texture shader's answer is known in closed form: the texel is the pixel plus a
/// constant on a 1:1 axis and a constant on a stretched one, and the rect coverage is exactly 1 on every
/// pixel of the rect. The `texel` kind computes only that (a texelFetch and a multiply), which on llvmpipe
/// is several times cheaper per pixel than mapping, sampling and edge coverage. LaminaRaster's `TexelGrid`
/// is the same fast path on the CPU.
struct TexelBlit {
    /// The pixels to draw: the given bounds (the op's, within its target) inside the destination rect.
    let bounds: PixelRect
    /// Texel = pixel * step + base, per axis (step 1 follows the pixel, step 0 stays on one line).
    let base: (x: Int, y: Int)
    let step: (x: Int, y: Int)

    /// Nil unless `enabled` (`RenderOptions.gpuFastPaths`, which turns it off together with `OpSplitter`).
    /// The filter is the one decided for the draw (`TextureSampling`: `sampling` when the caller has it,
    /// else decided here once the map and rect could make a copy), and a nearest copy must read the texels
    /// its lattice picks at every pixel (both renderers read them; the CPU through `TexelGrid`).
    init?(_ op: DrawOp, _ t: TextureDraw, bounds opBounds: PixelRect, textureWidth: Int, textureHeight: Int,
          sampling known: TextureSampling? = nil, enabled: Bool = true) {
        guard enabled, op.clips.isEmpty, t.mask == nil else { return nil }
        let m = op.transform
        // Nearest filtering picks the texel under the pixel centre within `TexelLattice.nearestBias` of a
        // texel edge, so a positive scale (a 2x canvas) copies texels as exactly as a translation does.
        guard m.planeKind == .translation || (m.planeKind.isScaleTranslation && m.m11 > 0 && m.m22 > 0),
              case .roundedRect(let shape) = op.shape, shape.isRect else { return nil }
        let d = shape.rect
        let left = Double(d.minX) * m.m11 + m.m41, right = Double(d.maxX) * m.m11 + m.m41
        let top = Double(d.minY) * m.m22 + m.m42, bottom = Double(d.maxY) * m.m22 + m.m42
        guard let x0 = TexelBlit.integer(left), let x1 = TexelBlit.integer(right),
              let y0 = TexelBlit.integer(top), let y1 = TexelBlit.integer(bottom),
              x1 > x0, y1 > y0,
              let sx = TexelBlit.integer(Double(t.sourceRect.minX) * Double(textureWidth)),
              let sw = TexelBlit.integer(Double(t.sourceRect.width) * Double(textureWidth)),
              let sy = TexelBlit.integer(Double(t.sourceRect.minY) * Double(textureHeight)),
              let sh = TexelBlit.integer(Double(t.sourceRect.height) * Double(textureHeight)),
              sx >= 0, sy >= 0, sx + max(sw, 1) <= textureWidth, sy + max(sh, 1) <= textureHeight,
              let stepX = TexelBlit.step(texels: sw, pixels: x1 - x0),
              let stepY = TexelBlit.step(texels: sh, pixels: y1 - y0) else { return nil }
        let sampling = known ?? op.textureSampling(width: textureWidth, height: textureHeight)
        let nearest = sampling.map { $0.filter == .nearest } ?? (t.minFilter == .nearest && t.magFilter == .nearest)
        let linear = sampling.map { $0.filter == .linear } ?? (t.minFilter == .linear && t.magFilter == .linear)
        // Linear filtering copies only one texel to one pixel under a translation (texel centres).
        guard nearest || linear && m.planeKind == .translation && stepX == 1 && stepY == 1 else { return nil }
        bounds = opBounds.intersection(PixelRect(x0: x0, y0: y0, x1: x1, y1: y1))
        step = (stepX, stepY)
        base = (stepX == 1 ? sx - x0 : sx, stepY == 1 ? sy - y0 : sy)
        if let lattice = sampling?.texels, !bounds.isEmpty, !reads(lattice) { return nil }
    }

    /// Whether the copy reads the texels `lattice` picks: at the bounds' first and last pixels, and so at
    /// every pixel between (the lattice's index is monotonic along each axis). A single texel line stretched
    /// over 256 pixels or more is not a copy: the nearest bias moves its last pixels to the next line.
    private func reads(_ lattice: TexelLattice) -> Bool {
        for (i, j) in [(bounds.x0, bounds.y0), (bounds.x1 - 1, bounds.y1 - 1)] {
            let t = lattice.texel(i, j)
            guard t.x == i * step.x + base.x, t.y == j * step.y + base.y else { return false }
        }
        return true
    }

    /// 1 when the texels map one to one onto the pixels, 0 when a single texel line is stretched, else nil.
    private static func step(texels: Int, pixels: Int) -> Int? {
        if texels == pixels { return 1 }
        return texels == 1 ? 0 : nil
    }

    /// `v` when it is within 1e-6 of an integer (unit source rects are texel counts divided by the size).
    private static func integer(_ v: Double) -> Int? {
        let r = v.rounded()
        guard v.isFinite, abs(r) < 1e7, abs(v - r) < 1e-6 else { return nil }
        return Int(r)
    }
}
