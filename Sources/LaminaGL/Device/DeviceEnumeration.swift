import CGLES
import Foundation

/// EGL devices (EGL_EXT_device_enumeration), hardware first, as displays of EGL_EXT_platform_device.
///
/// The extension functions are not exported by libEGL (glvnd exports only core EGL), so they come from
/// `eglGetProcAddress` (EGL 1.5 §3.10). A device whose extension string lists EGL_MESA_device_software is
/// llvmpipe; it is tried last so a real GPU wins where one exists.
enum DeviceEnumeration {
    struct Found {
        let display: EGLDisplay
        let detail: String
    }

    static func candidates(clientExtensions: Set<String>, attempts: inout [String]) -> [Found] {
        guard clientExtensions.contains("EGL_EXT_platform_device") else {
            attempts.append("device: EGL_EXT_platform_device not offered by this EGL")
            return []
        }
        guard let qd = eglGetProcAddress("eglQueryDevicesEXT"),
              let qs = eglGetProcAddress("eglQueryDeviceStringEXT") else {
            attempts.append("device: eglQueryDevicesEXT / eglQueryDeviceStringEXT not found")
            return []
        }
        typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?,
                                                 UnsafeMutablePointer<EGLint>?) -> EGLBoolean
        typealias QueryString = @convention(c) (EGLDeviceEXT?, EGLint) -> UnsafePointer<CChar>?
        let queryDevices = unsafeBitCast(qd, to: QueryDevices.self)
        let queryString = unsafeBitCast(qs, to: QueryString.self)
        var count: EGLint = 0
        guard queryDevices(0, nil, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
            attempts.append("device: eglQueryDevicesEXT found no device (\(ErrorName.eglCurrent()))")
            return []
        }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard queryDevices(count, &devices, &count) == EGLBoolean(EGL_TRUE) else {
            attempts.append("device: eglQueryDevicesEXT failed: \(ErrorName.eglCurrent())")
            return []
        }
        var hardware: [Found] = [], software: [Found] = []
        for (i, dev) in devices.prefix(Int(count)).enumerated() {
            guard let dev else { continue }
            let exts = GLContext.splitExtensions(queryString(dev, EGL_EXTENSIONS))
            let isSoftware = exts.contains("EGL_MESA_device_software")
            var name = isSoftware ? "software device \(i)" : "device \(i)"
            if exts.contains("EGL_EXT_device_drm"), let node = queryString(dev, 0x3233 /* EGL_DRM_DEVICE_FILE_EXT */) {
                name += " (\(String(cString: node)))"
            }
            guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), dev, nil) else {
                attempts.append("device: \(name): eglGetPlatformDisplay failed: \(ErrorName.eglCurrent())")
                continue
            }
            let found = Found(display: display, detail: name)
            if isSoftware { software.append(found) } else { hardware.append(found) }
        }
        return hardware + software
    }
}
