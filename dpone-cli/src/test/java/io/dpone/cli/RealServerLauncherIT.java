package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both launchers' module paths (the checkout's {@code dpone.args}, which {@code ./dpone} runs with, and
 * the installed artifact's {@code bin/dpone}) read from a local real ClickHouse 26.7 (libchdb, started
 * in this JVM by the testkit's local harness) over HTTP through client-v2: {@code dpone status} of a
 * target without a record exits 0 with outcome {@code none}, having read the inventory and the
 * authority slot. red on main 7afc029 (both launchers; the installed one checked by removing the fix
 * from bin/dpone): exit 4, stdout empty, stderr an uncaught
 * "java.lang.IllegalAccessError: superinterface check failed: class com.clickhouse.data.ClickHouseDataType
 * ... does not read module java.sql": clickhouse-data 0.10.0's module descriptor omits {@code requires
 * java.sql} while that class implements java.sql.SQLType. The other launcher ITs never read from a
 * server, so none caught it.
 */
@ClickHouseCluster(members = 2)
class RealServerLauncherIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final Path ROOT = Path.of(System.getProperty("dpone.repositoryRoot", ".."))
            .toAbsolutePath()
            .normalize();

    @TempDir
    Path dir;

    @Test
    void statusReadsOverHttpOnTheCheckoutLaunchersModulePath(RunningCluster cluster, TestDatabase db) throws Exception {
        assertStatusNone(
                cluster,
                db,
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "@" + System.getProperty("dpone.launcherArgs"),
                        "--module",
                        "io.dpone.cli/io.dpone.cli.DponeMain"));
    }

    /** The installed release artifact's {@code bin/dpone} builds its own module path: it needs the same read. */
    @Test
    void statusReadsOverHttpFromTheInstalledArtifact(RunningCluster cluster, TestDatabase db) throws Exception {
        Path installed = dir.resolve("installed");
        ChildProcess packaged = ChildProcess.run(
                dir,
                List.of(ROOT.resolve("scripts/package").toString(), "--skip-build", "--install", installed.toString()),
                Map.of());
        assertEquals(0, packaged.exit(), packaged.toString());
        assertStatusNone(cluster, db, List.of(installed.resolve("bin/dpone").toString()));
    }

    /** {@code launcher status -m MANIFEST --json} as the admin exits 0 with outcome none and nothing on stderr. */
    private void assertStatusNone(RunningCluster cluster, TestDatabase db, List<String> launcher) throws Exception {
        createPlatformControlTable(cluster);
        Path manifest = dir.resolve("orders.yaml");
        Files.writeString(manifest, manifest(db.target(), cluster.spec().clusterName()), StandardCharsets.UTF_8);
        MemberEndpoint member = cluster.member(0).endpoint();
        List<String> command = new ArrayList<>(launcher);
        command.addAll(List.of("status", "-m", manifest.toString(), "--json"));
        ChildProcess result = ChildProcess.run(
                dir,
                command,
                Map.of(
                        "DPONE_CLICKHOUSE_HOST", member.host(),
                        "DPONE_CLICKHOUSE_HTTP_PORT", String.valueOf(member.httpPort()),
                        "DPONE_CLICKHOUSE_NATIVE_PORT", String.valueOf(member.nativePort()),
                        "DPONE_CLICKHOUSE_USER", cluster.admin().user(),
                        "DPONE_CLICKHOUSE_PASSWORD", cluster.admin().password()));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals("", result.err(), result.toString());
        JsonNode receipt = JSON.readTree(result.out());
        assertEquals("none", receipt.get("outcome").asText(), result.toString());
        assertFalse(result.out().contains(cluster.admin().password()), "the receipt names no secret");
    }

    /**
     * The platform's fixed control table (dpone_control.publication_authority), which status reads
     * the authority slot from; its grants are outside the restricted principal's test prefixes, so
     * the admin creates it and status runs as the admin. The product's own DDL, run on each member
     * without ON CLUSTER: this harness has no distributed-DDL worker.
     */
    private static void createPlatformControlTable(RunningCluster cluster) {
        String table = DdlStatements.createControlTable(
                        cluster.spec().clusterName(),
                        new TableRef("dpone_control", "publication_authority"),
                        "dpone/publication_authority",
                        true)
                .sql()
                .replaceFirst(" ON CLUSTER \\S+", "");
        for (ClusterMember member : cluster.members()) {
            member.client(cluster.admin()).execute("CREATE DATABASE IF NOT EXISTS dpone_control");
            member.client(cluster.admin()).execute(table);
        }
    }

    private static String manifest(String database, String clusterName) {
        return String.join(
                "\n",
                "sink:",
                "  target:",
                "    database: " + database,
                "    table: orders",
                "  strategy:",
                "    mode: full_refresh",
                "    max_source_bytes: 1048576",
                "  options:",
                "    staging: target_local",
                "    physical_design:",
                "      storage:",
                "        clickhouse:",
                "          engine: ReplicatedMergeTree",
                "          cluster:",
                "            name: " + clusterName,
                "            ddl_scope: cluster",
                "            replication_mode: internal",
                "");
    }
}
