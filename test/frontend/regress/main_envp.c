/* main with a third parameter, the environment: it reaches the program
 * (the glue passed the runtime's two-parameter type). */
#include <stdio.h>
#include <string.h>

int main(int argc, char *argv[], char *envp[])
{
    int n = 0;
    for (char **e = envp; *e; e++) n += strncmp(*e, "PATH=", 5) == 0;
    long sq = 0;
#pragma strads sync_for reduction(+: sq)
    for (int i = 0; i < 8; i++) sq += i * i;
    printf("argc %d path %d sq %ld %s\n", argc, n, sq, argv[0] ? "argv" : "-");
    return 0;
}
// CONFIGS: 1x1 2x1
