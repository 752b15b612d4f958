import Foundation
import LaminaImage
import LaminaText
import LaminaGraph

/// The process's cache of text layers' stores, 512 MiB: a frame holds every store it draws anyway, so the
/// cache keeps between frames what one frame needs (10 000 distinct labels take about 210 MiB). (Drawn
/// layers' stores are passes, kept by the renderers.)
enum BackingStores {
    static let text = ByteBoundedCache<TextBox, Bitmap>(capacityBytes: 512 << 20) { $0.width * $0.height * 4 }
}
