/* Temporaries that some path reads before assigning them in the same
 * iteration are not private: a later case of a switch after a break, and
 * what follows a do-while whose body can break before the assignment
 * (both were made private, changing the result). */
void f(const double *a, double *b, int n)
{
    double t = 0;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        switch (i % 2) {
        case 0: t = a[i]; break;
        case 1: b[i] = t + 1; break;
        }
    }
}
void g(const double *a, double *b, int n)
{
    double u = 0;
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        do {
            if (a[i] > 3)
                break;
            u = a[i];
        } while (0);
        b[i] = u;
    }
}
// EXPECT: 11:17: error: write to captured variable 't' in a parallel body
// EXPECT: 24:13: error: write to captured variable 'u' in a parallel body
