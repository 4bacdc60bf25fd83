/* A file without pragmas or main that clang cannot parse (a GCC nested
 * function) but gcc compiles: stradscc leaves it to the compiler. Its
 * comments and strings name main, as in "called from main(", which is no
 * definition of main:
 *   main(
 */
const char *where = "int main(void)"; // main(
char quote = '"';

int outer(int x)
{
    int inner(int y) { return y * 2; }
    return inner(x);
}
