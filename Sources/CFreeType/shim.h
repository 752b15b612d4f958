#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H

/* FT_LOAD_* are macros built from shifts that Swift imports as Int32 already, but the render-mode and
   load-target composites are not importable: restated here as constants. */
static const FT_Int32 LAMINA_FT_LOAD_OUTLINE = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH;
