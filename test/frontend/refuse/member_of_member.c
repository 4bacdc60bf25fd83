/* A pointer member reached through another pointer member of a capture
 * (`data->space->coords`) was named as a member of another capture of the
 * inner struct's type: "pointer member 'coords' of the struct 'centres'",
 * whose hint then took the centroids' coordinates for the data's. The
 * outer member is the one refused (its hint names the capture it is
 * reached from); the other capture's own use is refused at its place. */
#include <stdlib.h>

struct vectors {
    int n;
    double *coords;
};
struct dataset {
    struct vectors *space;
    int *labels;
};

void label(struct dataset *data, struct vectors *centres)
{
#pragma strads sync_for
    for (int j = 0; j < 100; j++)
        data->labels[j] = data->space->coords[j] > centres->coords[0];
}
// EXPECT: 22:15: error: the parallel body follows pointer member 'labels' of the struct 'data' points to
// EXPECT: 22:33: error: the parallel body follows pointer member 'space' of the struct 'data' points to
// EXPECT: 22:61: error: the parallel body follows pointer member 'coords' of the struct 'centres' points to
// ERRORS: 3
