/// LaminaGL: the GPU renderer on headless EGL and OpenGL ES 3.0.
import LaminaCore
