/* The helper of global_main.c: writes the model through a global. */
extern double *model;
void bump(int j);

void bump(int j)
{
    model[j] += 1;
}
