/*
 * Configuration: ranks from each launcher's variables, the default thread
 * count (this machine's cores shared by the job's processes on it), clear
 * errors naming the variable, the coordinator default for external
 * launchers, and the table in docs/config.md naming every variable the code
 * knows.
 */
#include <stdio.h>
#include <unistd.h>

#include "check.h"
#include "core/rt.h"

static void clear_env(void)
{
    const char *v[] = {"STRADS_RANK", "STRADS_SIZE", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE",
                       "PMI_RANK", "PMI_SIZE", "SLURM_PROCID", "SLURM_NTASKS", "STRADS_COORDINATOR",
                       "STRADS_SECRET", "STRADS_THREADS", "STRADS_LAUNCHER", "STRADS_LOG",
                       "SLURM_JOB_NODELIST", "SLURM_STEP_NODELIST", "STRADS_SECRET_FILE",
                       "OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_NTASKS_PER_NODE",
                       "SLURM_STEP_TASKS_PER_NODE", "SLURM_TASKS_PER_NODE", "SLURM_NODEID"};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) unsetenv(v[i]);
}

static const char *secret = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

/* The default thread count with local processes sharing this machine. */
static int share(int local)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cores = cores > 0 ? cores : 1;
    return cores / local > 0 ? (int)(cores / local) : 1;
}

/* Each process takes its share of the cores by default: all of strads-run's
 * processes run here, the external launchers say how many they put here.
 * Per case: its variables (name, value, ...; NULL ends them) and how many
 * processes share this machine. */
static void default_threads(void)
{
    static const struct {
        const char *env[14];
        int local;
    } cases[] = {
        {{NULL}, 1},
        {{"STRADS_RANK", "1", "STRADS_SIZE", "4", "STRADS_COORDINATOR", "127.0.0.1:9", NULL}, 4},
        {{"OMPI_COMM_WORLD_RANK", "2", "OMPI_COMM_WORLD_SIZE", "8", NULL}, 1}, /* no local count */
        {{"OMPI_COMM_WORLD_RANK", "2", "OMPI_COMM_WORLD_SIZE", "8", "OMPI_COMM_WORLD_LOCAL_SIZE", "2", NULL}, 2},
        {{"SLURM_PROCID", "0", "SLURM_NTASKS", "6", "SLURM_JOB_NODELIST", "node[07-08]",
          "SLURM_NTASKS_PER_NODE", "3(x2)", NULL}, 3},
        /* a plain srun -n: the step's list, this node's place in it */
        {{"SLURM_PROCID", "0", "SLURM_NTASKS", "5", "SLURM_STEP_TASKS_PER_NODE", "2(x2),1",
          "SLURM_NODEID", "0", NULL}, 2},
        {{"SLURM_PROCID", "4", "SLURM_NTASKS", "5", "SLURM_STEP_TASKS_PER_NODE", "2(x2),1",
          "SLURM_NODEID", "2", NULL}, 1},
        {{"SLURM_PROCID", "0", "SLURM_NTASKS", "2", "SLURM_TASKS_PER_NODE", "2", NULL}, 2},
        {{"SLURM_PROCID", "0", "SLURM_NTASKS", "2", "SLURM_STEP_TASKS_PER_NODE", "bad", NULL}, 1},
    };
    rt_config c;
    char err[256];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        clear_env();
        setenv("STRADS_SECRET", secret, 1);
        for (const char *const *e = cases[k].env; *e; e += 2) setenv(e[0], e[1], 1);
        CHECK_OK(rt_config_load(&c, err, sizeof err));
        CHECK_EQ(c.threads, share(cases[k].local));
    }
    setenv("STRADS_THREADS", "3", 1); /* given: taken as is */
    CHECK_OK(rt_config_load(&c, err, sizeof err));
    CHECK_EQ(c.threads, 3);
    clear_env();
}

int main(int argc, char **argv)
{
    rt_config c;
    char err[256];
    clear_env();
    CHECK_OK(rt_config_load(&c, err, sizeof err));
    CHECK_EQ(c.size, 1);
    CHECK_STR(c.launcher, "none");
    default_threads();

    setenv("OMPI_COMM_WORLD_RANK", "2", 1);
    setenv("OMPI_COMM_WORLD_SIZE", "4", 1);
    setenv("STRADS_SECRET", secret, 1);
    CHECK_OK(rt_config_load(&c, err, sizeof err));
    CHECK_EQ(c.rank, 2);
    CHECK_EQ(c.size, 4);
    CHECK_STR(c.launcher, "mpirun");
    CHECK(strncmp(c.coordinator, "127.0.0.1:", 10) == 0);
    CHECK_EQ(c.secret[1], 0x11);
    clear_env();

    setenv("SLURM_PROCID", "0", 1);
    setenv("SLURM_NTASKS", "3", 1);
    setenv("SLURM_JOB_NODELIST", "node[07-09],gpu1", 1);
    setenv("STRADS_SECRET", secret, 1);
    CHECK_OK(rt_config_load(&c, err, sizeof err));
    CHECK_STR(c.launcher, "srun");
    CHECK(strncmp(c.coordinator, "node07:", 7) == 0);
    clear_env();

    setenv("PMI_RANK", "5", 1);
    setenv("PMI_SIZE", "4", 1);
    CHECK_EQ(rt_config_load(&c, err, sizeof err), STRADS_ECONFIG);
    CHECK(strstr(err, "PMI_RANK") != NULL);
    clear_env();

    setenv("STRADS_THREADS", "lots", 1);
    CHECK_EQ(rt_config_load(&c, err, sizeof err), STRADS_ECONFIG);
    CHECK(strstr(err, "STRADS_THREADS") != NULL);
    clear_env();

    setenv("STRADS_RANK", "1", 1);
    setenv("STRADS_SIZE", "2", 1);
    setenv("STRADS_COORDINATOR", "127.0.0.1:9", 1);
    setenv("STRADS_SECRET", "abc", 1);
    CHECK_EQ(rt_config_load(&c, err, sizeof err), STRADS_ECONFIG);
    CHECK(strstr(err, "STRADS_SECRET") != NULL);
    clear_env();

    setenv("STRADS_LOG", "chatty", 1);
    CHECK_EQ(rt_config_load(&c, err, sizeof err), STRADS_ECONFIG);
    CHECK(strstr(err, "STRADS_LOG") != NULL);
    clear_env();

    /* docs/config.md lists every variable of the table */
    if (argc > 1) {
        FILE *f = fopen(argv[1], "r");
        CHECK(f != NULL);
        static char doc[1 << 16];
        size_t n = fread(doc, 1, sizeof doc - 1, f);
        doc[n] = 0;
        fclose(f);
        size_t nv;
        const rt_config_var *v = rt_config_vars(&nv);
        for (size_t i = 0; i < nv; i++)
            if (!strstr(doc, v[i].name)) CHECK_FAIL("docs/config.md does not mention %s", v[i].name);
    }
    CHECK_DONE();
    return 0;
}
