/*
 * frontend/serve_wire.c - what both ends of the compile server agree on:
 * the socket's name and the request's bytes (serve.h says why there is a
 * server).
 *
 * A request is one frame: "SCS1", a 32-bit little-endian body length, then
 * the body: umask (u32), the working directory (a NUL-terminated string),
 * argc (u32) and that many strings, envc (u32) and that many strings. The
 * client's stdout and stderr ride along as SCM_RIGHTS with the first bytes.
 * The reply is "SCR1" and the exit status (i32). Both ends are the same
 * user on the same machine; the decoder still checks every length.
 */
#define _GNU_SOURCE
#include "serve.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A private folder for the socket: ours, a folder, closed to others. */
static int private_dir(const char *path)
{
    if (mkdir(path, 0700) < 0 && errno != EEXIST) return -1;
    struct stat st;
    if (lstat(path, &st) < 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
        (st.st_mode & 077))
        return -1;
    return 0;
}

int scs_socket_path(const char *stradsc, char *out, size_t cap)
{
    char real[PATH_MAX];
    struct stat st;
    if (!realpath(stradsc, real) || stat(real, &st) < 0) return -1;
    /* FNV-1a over what identifies this build of stradsc */
    uint64_t h = 1469598103934665603ull;
    uint64_t id[4] = {(uint64_t)st.st_ino, (uint64_t)st.st_size, (uint64_t)st.st_mtim.tv_sec,
                      (uint64_t)st.st_mtim.tv_nsec};
    for (const char *p = real; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
    for (size_t i = 0; i < sizeof id; i++) h = (h ^ ((unsigned char *)id)[i]) * 1099511628211ull;
    char dir[PATH_MAX];
    const char *xdg = getenv("XDG_RUNTIME_DIR");
    struct stat xs;
    if (xdg && *xdg == '/' && stat(xdg, &xs) == 0 && S_ISDIR(xs.st_mode))
        snprintf(dir, sizeof dir, "%s/strads", xdg);
    else
        snprintf(dir, sizeof dir, "/tmp/strads-%u", (unsigned)geteuid());
    if (private_dir(dir) < 0) return -1;
    int n = snprintf(out, cap, "%s/stradsc-%016llx.sock", dir, (unsigned long long)h);
    /* sockaddr_un holds 108 bytes */
    return n > 0 && (size_t)n < cap && n < 108 ? 0 : -1;
}

static void put32(char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (char)(v >> (8 * i));
}

uint32_t scs_get32(const char *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v |= (uint32_t)(unsigned char)p[i] << (8 * i);
    return v;
}

static size_t strs_len(char **v, uint32_t *count)
{
    size_t n = 4;
    *count = 0;
    for (; v && v[*count]; (*count)++) n += strlen(v[*count]) + 1;
    return n;
}

static char *put_strs(char *p, char **v, uint32_t count)
{
    put32(p, count);
    p += 4;
    for (uint32_t i = 0; i < count; i++) {
        size_t l = strlen(v[i]) + 1;
        memcpy(p, v[i], l);
        p += l;
    }
    return p;
}

char *scs_encode(const char *cwd, uint32_t umask, char **argv, char **env, size_t *len)
{
    uint32_t argc, envc;
    size_t body = 4 + strlen(cwd) + 1 + strs_len(argv, &argc) + strs_len(env, &envc);
    if (body > SCS_MAX_REQUEST) return NULL;
    char *buf = malloc(8 + body), *p = buf;
    if (!buf) return NULL;
    memcpy(p, "SCS1", 4);
    put32(p + 4, (uint32_t)body);
    put32(p + 8, umask);
    p += 12;
    memcpy(p, cwd, strlen(cwd) + 1);
    p += strlen(cwd) + 1;
    p = put_strs(p, argv, argc);
    put_strs(p, env, envc);
    *len = 8 + body;
    return buf;
}

/* Takes count strings from [*p, end) into a NULL-terminated vector. */
static int get_strs(char **p, const char *end, int *count, char ***out)
{
    if (end - *p < 4) return -1;
    uint32_t n = scs_get32(*p);
    *p += 4;
    if (n > (uint32_t)(end - *p)) return -1; /* each string takes a byte at least */
    char **v = calloc((size_t)n + 1, sizeof *v);
    if (!v) return -1;
    for (uint32_t i = 0; i < n; i++) {
        char *nul = memchr(*p, 0, (size_t)(end - *p));
        if (!nul) {
            free(v);
            return -1;
        }
        v[i] = *p;
        *p = nul + 1;
    }
    *count = (int)n;
    *out = v;
    return 0;
}

int scs_decode(char *buf, size_t len, scs_request *r)
{
    char *p = buf, *end = buf + len;
    if (len < 5) return -1;
    r->umask = scs_get32(p);
    p += 4;
    char *nul = memchr(p, 0, (size_t)(end - p));
    if (!nul) return -1;
    r->cwd = p;
    p = nul + 1;
    if (get_strs(&p, end, &r->argc, &r->argv) < 0) return -1;
    if (get_strs(&p, end, &r->envc, &r->env) < 0 || r->argc < 1 || p != end) {
        free(r->argv);
        return -1;
    }
    return 0;
}

int scs_write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

int scs_read_all(int fd, void *p, size_t n)
{
    char *c = p;
    while (n) {
        ssize_t r = read(fd, c, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        c += r;
        n -= (size_t)r;
    }
    return 0;
}
