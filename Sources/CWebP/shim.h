#include <webp/encode.h>
#include <webp/mux.h>

/* The version-checked initialisers are macros over *Internal functions in the headers; Swift sees these. */
static inline int lamina_webp_anim_encoder_options_init(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *lamina_webp_anim_encoder_new(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline int lamina_webp_config_init(WebPConfig *config) { return WebPConfigInit(config); }
static inline int lamina_webp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
