import Foundation

/// A GBM device on a DRM render node, the native display of EGL_PLATFORM_GBM_KHR.
///
/// libgbm is opened with `dlopen` rather than linked: the GBM platform is the last resort, and linking
/// would make every Lamina binary need libgbm (and its headers at build time) for a path most machines
/// never take. Owns the file descriptor and the device, and frees both in `deinit`.
final class GBMDevice {
    private typealias CreateDevice = @convention(c) (Int32) -> UnsafeMutableRawPointer?
    private typealias DestroyDevice = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The `struct gbm_device *`.
    let device: UnsafeMutableRawPointer
    /// The render node opened.
    let path: String
    private let fd: Int32
    private let library: UnsafeMutableRawPointer
    private let destroy: DestroyDevice

    /// Opens the first render node that gives a GBM device; throws a reason when none does.
    init() throws {
        guard let lib = dlopen("libgbm.so.1", RTLD_NOW | RTLD_LOCAL) else {
            throw GLError.egl(call: "dlopen(libgbm.so.1)", code: String(cString: dlerror()))
        }
        guard let createSym = dlsym(lib, "gbm_create_device"), let destroySym = dlsym(lib, "gbm_device_destroy")
        else {
            dlclose(lib)
            throw GLError.egl(call: "dlsym(gbm_create_device)", code: "symbol missing")
        }
        let create = unsafeBitCast(createSym, to: CreateDevice.self)
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [])
            .filter { $0.hasPrefix("renderD") }.sorted()
        for node in nodes {
            let p = "/dev/dri/" + node
            let f = open(p, O_RDWR | O_CLOEXEC)
            if f < 0 { continue }
            if let dev = create(f) {
                device = dev; path = p; fd = f; library = lib
                destroy = unsafeBitCast(destroySym, to: DestroyDevice.self)
                return
            }
            close(f)
        }
        dlclose(lib)
        throw GLError.egl(call: "gbm_create_device",
                          code: nodes.isEmpty ? "no /dev/dri/renderD* node" : "no render node gave a device")
    }

    deinit {
        destroy(device)
        close(fd)
        dlclose(library)
    }
}
