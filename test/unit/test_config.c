/*
 * Configuration: ranks from each launcher's variables, the default thread
 * count (this machine's cores shared by the job's processes on it), clear
 * errors naming the variable, the coordinator default for external
 * launchers, and the table in docs/config.md naming every variable the code
 * knows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

    /* values are parsed once into the configuration; defaults when unset */
    CHECK_OK(rt_config_load(&c, err, sizeof err));
    CHECK_EQ(c.recon_every, 0);
    CHECK(!c.stats && !c.malloc_tune && c.hugepages && c.checkpoint_async);
    CHECK_EQ(c.arena_addr, 0); /* dds/'s default */
    CHECK(c.checkpoint == NULL && c.fault_op == 0 && c.test_plan_error == -1);
    setenv("STRADS_RECON_EVERY", "3", 1);
    setenv("STRADS_STATS", "", 1); /* a flag: set is on, whatever its value */
    setenv("STRADS_FAULT", "2:0:recon", 1);
    setenv("STRADS_ARENA", "0x300000000000:0x40000000", 1);
    setenv("STRADS_ABSP_REPORT_S", "0.01", 1);
    CHECK_OK(rt_config_load(&c, err, sizeof err));
    CHECK_EQ(c.recon_every, 3);
    CHECK(c.stats);
    CHECK_EQ(c.fault_op, 2);
    CHECK_EQ(c.fault_rank, 0);
    CHECK_STR(c.fault_phase, "recon");
    CHECK_EQ(c.arena_addr, UINT64_C(0x300000000000));
    CHECK_EQ(c.arena_size, UINT64_C(0x40000000));
    CHECK_DBL(c.absp_report_s, 0.01, 1e-12);
    CHECK_STR(rt_config_raw(&c, "STRADS_RECON_EVERY"), "3");
    CHECK(rt_config_raw(&c, "STRADS_SYNC") == NULL);
    unsetenv("STRADS_RECON_EVERY");
    unsetenv("STRADS_STATS");
    unsetenv("STRADS_FAULT");
    unsetenv("STRADS_ARENA");
    unsetenv("STRADS_ABSP_REPORT_S");

    /* docs/config.md has a row for every variable of the table, with the
     * table's type, default and range */
    if (argc > 1) {
        FILE *f = fopen(argv[1], "r");
        CHECK(f != NULL);
        char line[8192];
        size_t nv;
        const rt_config_var *v = rt_config_vars(&nv);
        int *seen = calloc(nv, sizeof *seen);
        while (fgets(line, sizeof line, f)) {
            /* | `NAME` | flag | type | default | range | meaning | */
            char *cell[7];
            int k = 0;
            for (char *p = line; *p && k < 7; p++)
                if (*p == '|' && (p == line || p[-1] != '\\')) {
                    *p = 0;
                    cell[k++] = p + 1;
                }
            if (k < 7) continue;
            for (int j = 0; j < 6; j++) { /* trim */
                while (*cell[j] == ' ') cell[j]++;
                for (char *e = cell[j] + strlen(cell[j]); e > cell[j] && e[-1] == ' ';) *--e = 0;
            }
            for (size_t i = 0; i < nv; i++) {
                char want[128];
                snprintf(want, sizeof want, "`%s`", v[i].name);
                if (strcmp(cell[0], want) != 0) continue;
                seen[i]++;
                CHECK_STR(cell[2], v[i].type);
                CHECK_STR(cell[3], v[i].deflt);
                char range[256], *o = range; /* "\|" in the docs is a "|" */
                for (const char *r = cell[4]; *r && o < range + sizeof range - 1; r++)
                    if (!(r[0] == '\\' && r[1] == '|')) *o++ = *r;
                *o = 0;
                CHECK_STR(range, v[i].range);
            }
        }
        fclose(f);
        for (size_t i = 0; i < nv; i++)
            if (seen[i] != 1) CHECK_FAIL("docs/config.md has %d rows for %s", seen[i], v[i].name);
        free(seen);
    }
    CHECK_DONE();
    return 0;
}
