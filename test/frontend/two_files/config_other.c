/* config_main.c's helper, in a file of its own: reads the driver's
 * settings through globals. */
struct settings {
    int mode;
    double gain[2];
};
extern float scale;
extern struct settings cfg;
int offset = 0;
float apply(float x);

float apply(float x)
{
    return x * scale + (float)offset + (float)cfg.gain[cfg.mode];
}
