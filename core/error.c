/*
 * core/error.c - names and messages of the STRADS_E* codes.
 *
 * The codes themselves are one X-macro table in strads.h, so the enum, the
 * names and the messages cannot drift apart.
 */
#include "strads.h"

const char *strads_strerror(int err)
{
    switch (err) {
#define X(name, value, msg) case value: return msg;
        STRADS_ERRORS(X)
#undef X
    }
    return "unknown error";
}

const char *strads_errname(int err)
{
    switch (err) {
#define X(name, value, msg) case value: return "STRADS_" #name;
        STRADS_ERRORS(X)
#undef X
    }
    return "STRADS_E?";
}
