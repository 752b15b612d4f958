#include <png.h>

/* Composite format macros that Swift cannot import, as constants. */
static const unsigned int LAMINA_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
