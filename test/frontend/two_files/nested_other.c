/* The inner loop of two_files/nested_main.c. */
extern int *cls;
extern int n;

int count_class(int c)
{
    int cnt = 0;
#pragma strads sync_for reduction(+: cnt)
    for (int i = 0; i < n; i++)
        cnt += cls[i] == c;
    return cnt;
}
