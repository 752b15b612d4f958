import Foundation
import LaminaImage
import LaminaText
import LaminaGraph

/// The process's cache of text layers' stores, 128 MiB. (Drawn layers' stores are passes, kept by the
/// renderers.)
enum BackingStores {
    static let text = ByteBoundedCache<TextBox, Bitmap>(capacityBytes: 128 << 20) { $0.width * $0.height * 4 }
}
