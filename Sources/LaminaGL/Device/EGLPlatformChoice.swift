import Foundation

/// An EGL platform the GPU renderer can start on, in the order they are tried.
public enum EGLPlatformChoice: String, CaseIterable, Sendable, CustomStringConvertible {
    /// EGL_EXT_platform_device: a device enumerated by eglQueryDevicesEXT, hardware preferred. Works with
    /// NVIDIA's driver and with Mesa without any display server.
    case device
    /// EGL_MESA_platform_surfaceless: Mesa's display-less platform.
    case surfaceless
    /// EGL_KHR_platform_gbm on a DRM render node (/dev/dri/renderD*).
    case gbm

    public var description: String { rawValue }

    /// The platform named by `raw` (the command line's `LAMINA_EGL_PLATFORM`), nil when nil or empty.
    public static func named(_ raw: String?) throws -> EGLPlatformChoice? {
        guard let raw, !raw.isEmpty else { return nil }
        guard let choice = EGLPlatformChoice(rawValue: raw.lowercased()) else {
            throw GLError.noPlatform(attempts: [
                "LAMINA_EGL_PLATFORM=\(raw) is not one of device, surfaceless, gbm"])
        }
        return choice
    }
}
