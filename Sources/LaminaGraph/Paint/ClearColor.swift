import LaminaGeometry

/// The bytes a target is cleared to: the clear colour rounded by the store rule every drawn value takes
/// (`StoreRounding`, ties up). A clear is a store that no shader makes: handed to the driver as a float, a
/// colour at a tie (the canvas background 0.9, 229.5 steps) became 230 on llvmpipe and 229 on the CPU, one
/// step over a whole canvas, and real GPUs convert such a float either way. Both renderers clear to these
/// bytes (the GPU gives the driver `byte / 255`, which every conversion takes back to the same byte).
public enum ClearColor {
    @inlinable
    public static func bytes(_ c: PremultipliedColor) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (StoreRounding.byte(c.r), StoreRounding.byte(c.g), StoreRounding.byte(c.b), StoreRounding.byte(c.a))
    }
}
