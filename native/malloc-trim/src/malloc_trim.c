/*
 * trim(): glibc's malloc_trim(0), which returns the free pages of every malloc arena to the system (the main
 * arena's middle pages included, through madvise), not only the free space at the top of the heap that free()
 * itself gives back. Node.js allocates the memory of ArrayBuffers and Buffers with malloc; after a burst of
 * traffic most of it is free but fragmented, and glibc keeps it in the process. Returns true when memory was
 * released. Elsewhere than glibc (macOS, musl) it does nothing and returns false.
 */
#include <stdlib.h>
#include <node_api.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  int released = 0;
#if defined(__GLIBC__)
  released = malloc_trim(0);
#endif
  napi_value result;
  napi_get_boolean(env, released != 0, &result);
  return result;
}

static napi_value Supported(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
#if defined(__GLIBC__)
  napi_get_boolean(env, 1, &result);
#else
  napi_get_boolean(env, 0, &result);
#endif
  return result;
}

NAPI_MODULE_INIT() {
  napi_value trim, supported;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim);
  napi_set_named_property(env, exports, "trim", trim);
  napi_create_function(env, "supported", NAPI_AUTO_LENGTH, Supported, NULL, &supported);
  napi_set_named_property(env, exports, "supported", supported);
  return exports;
}
