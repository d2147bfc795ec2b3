#include <poppler.h>
#include <cairo.h>

// GLib's error and object calls, wrapped where Swift cannot reach them (macros, casts).
static inline void scanbench_poppler_free_error(GError *error) { if (error) g_error_free(error); }
static inline void scanbench_poppler_unref(void *object) { if (object) g_object_unref(object); }
static inline int scanbench_poppler_error_is_encrypted(const GError *error) {
  return error != NULL && error->domain == POPPLER_ERROR && error->code == POPPLER_ERROR_ENCRYPTED;
}
