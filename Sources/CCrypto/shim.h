#ifndef DASHPILOT_CCRYPTO_SHIM_H
#define DASHPILOT_CCRYPTO_SHIM_H
#include <stddef.h>
#include <openssl/sha.h>

/// OpenSSL 3 marks the SHA256_* functions deprecated in favour of EVP, whose context is a heap
/// object; SHA256_CTX is a plain struct, so a Swift value that holds one copies like a value.
/// Both run the same block function, which uses the processor's SHA extensions when present.
/// These adapters keep the deprecation warnings out of every Swift file that imports them.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline int ccrypto_sha256_init(SHA256_CTX *context) { return SHA256_Init(context); }
static inline int ccrypto_sha256_update(SHA256_CTX *context, const void *bytes, size_t count) {
    return SHA256_Update(context, bytes, count);
}
static inline int ccrypto_sha256_final(unsigned char *digest, SHA256_CTX *context) { return SHA256_Final(digest, context); }
#pragma GCC diagnostic pop

/// The whole message in hand: one call. Through the same three functions, not OpenSSL 3's
/// one-shot SHA256(), which goes through EVP and loads the default provider (measured: 2-3 MB
/// more peak memory for a statement import, which makes a record key per row).
static inline void ccrypto_sha256(const void *bytes, size_t count, unsigned char *digest) {
    SHA256_CTX context;
    ccrypto_sha256_init(&context);
    ccrypto_sha256_update(&context, bytes, count);
    ccrypto_sha256_final(digest, &context);
}
#endif
