/*
 * frontend/serve.h - the stradsc compile server, shared by its two ends:
 * stradsc (serve.c: `stradsc --serve SOCKET`) and stradscc
 * (serve_client.c), with the wire format and the socket's name in
 * serve_wire.c.
 *
 * Why: loading libclang and libLLVM (about 150 MB of shared objects, 650,000
 * relocations and LLVM's static constructors) takes ~100 ms, more than
 * `cc -O2` needs for a small file and most of what stradsc costs on any
 * file. A server loads them once; translations run in worker processes
 * forked from it and warmed up ahead of requests (a crash costs one
 * request; stradscc then runs stradsc itself). stradscc starts
 * the server on first use; it exits after STRADSCC_SERVER_IDLE seconds
 * without a request. A request carries the client's arguments, working
 * directory, umask and whole environment, and its stdout and stderr as file
 * descriptors, so a translation sees and prints exactly what a direct run
 * would. Anything that goes wrong on the way makes stradscc run stradsc
 * itself: the server can make a build faster, never different.
 */
#ifndef STRADS_FE_SERVE_H
#define STRADS_FE_SERVE_H

#include <stddef.h>
#include <stdint.h>

/* Largest request accepted (arguments + environment). */
#define SCS_MAX_REQUEST (16u << 20)

/* The request, as decoded by the worker. Strings point into the buffer. */
typedef struct scs_request {
    uint32_t umask;
    const char *cwd;
    int argc;
    char **argv; /* argv[argc] == NULL */
    int envc;
    char **env;  /* env[envc] == NULL */
} scs_request;

/* Where the server of this stradsc binary listens: a socket in a private
 * folder ($XDG_RUNTIME_DIR/strads, else /tmp/strads-UID, mode 0700, owned by
 * this user), named after the binary's path, inode, size and modification
 * time, so a rebuilt stradsc gets a new server. -1 when no safe folder. */
int scs_socket_path(const char *stradsc, char *out, size_t cap);

/* Encodes a request into a malloc'd buffer; *len its size. NULL: too big. */
char *scs_encode(const char *cwd, uint32_t umask, char **argv, char **env, size_t *len);
/* Decodes buf (len bytes; it must stay alive while r is used); -1 if malformed. */
int scs_decode(char *buf, size_t len, scs_request *r);

/* The little-endian 32-bit number at p (frame lengths). */
uint32_t scs_get32(const char *p);

/* Full-buffer socket I/O that retries on EINTR; -1 on error or EOF. */
int scs_write_all(int fd, const void *p, size_t n);
int scs_read_all(int fd, void *p, size_t n);

/* Most workers the server keeps warm, and how many requests one serves. */
#define SCS_MAX_WORKERS 8
#define SCS_REQUESTS_PER_WORKER 64

/* What stradsc gives its server: the translation of one request (a direct
 * run's main) and a warm-up that a worker runs before its first request. */
typedef struct scs_hooks {
    int (*translate)(int argc, char **argv);
    void (*warm)(void);
} scs_hooks;

/* stradsc: serve translations on the socket at path until idle; a byte on
 * ready_fd (>= 0) tells the starter that the socket listens. */
int fe_serve(const char *path, int ready_fd, const scs_hooks *h);

/* stradscc: translate with the server of stradsc (started if needed).
 * Returns stradsc's exit status, or -1 when the server could not be used
 * (then run stradsc directly). */
int scs_translate(const char *stradsc, char **argv);

#endif
