#include <leptonica/allheaders.h>

// Leptonica prints warnings and errors to stderr by default; the library must not print.
static inline void scanbench_leptonica_silence(void) { setMsgSeverity(L_SEVERITY_NONE); }

// Copies an 8-bpp PIX into `out` (width × height bytes, rows top to bottom): leptonica keeps pixels
// in 32-bit words in host order, which GET_DATA_BYTE undoes.
static inline void scanbench_pix_grey_bytes(PIX *pix8, unsigned char *out) {
  l_int32 width = pixGetWidth(pix8), height = pixGetHeight(pix8), wpl = pixGetWpl(pix8);
  l_uint32 *data = pixGetData(pix8);
  for (l_int32 y = 0; y < height; y++) {
    l_uint32 *line = data + (size_t)y * wpl;
    for (l_int32 x = 0; x < width; x++) out[(size_t)y * width + x] = GET_DATA_BYTE(line, x);
  }
}
