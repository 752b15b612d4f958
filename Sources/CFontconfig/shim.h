#include <fontconfig/fontconfig.h>

/* Fontconfig's property names are string macros; restated as constants Swift can read. */
static const char *const LAMINA_FC_FAMILY = FC_FAMILY;
static const char *const LAMINA_FC_STYLE = FC_STYLE;
static const char *const LAMINA_FC_FILE = FC_FILE;
static const char *const LAMINA_FC_INDEX = FC_INDEX;
static const char *const LAMINA_FC_WEIGHT = FC_WEIGHT;
static const char *const LAMINA_FC_SLANT = FC_SLANT;
static const char *const LAMINA_FC_CHARSET = FC_CHARSET;
static const char *const LAMINA_FC_SCALABLE = FC_SCALABLE;
