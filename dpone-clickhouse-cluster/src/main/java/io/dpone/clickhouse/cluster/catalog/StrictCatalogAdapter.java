package io.dpone.clickhouse.cluster.catalog;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The strict {@link CatalogPort} over a {@link ReadTransport}: every read carries
 * {@code skip_unavailable_shards = 0} and a server-side {@code max_execution_time}, and
 * {@code prefer_localhost_replica = 0} so a {@code clusterAllReplicas} read executes on every
 * member over its own connection, in parallel, rather than planning and running the initiator's
 * own member in-process first (measured: about a third of the member read's wall time on the
 * two-member harness; docs/reference/authority.md, "Cost"). Which members answer, and the
 * {@code is_local} row each one joins, are unchanged by it. A failed,
 * timed-out or oddly shaped answer is {@link CatalogRead.Unreadable}, never partial facts. Query
 * ids come from the injected supplier so evidence can name each read. Thread-safe if the
 * transport and supplier are.
 */
public final class StrictCatalogAdapter implements CatalogPort {
    private final StrictReads reads;
    private final TableIdentityKind identities;

    /** Internal mode: member tables read with {@link TableIdentityKind#REPLICATED} identities. */
    public StrictCatalogAdapter(ReadTransport reads, Supplier<String> queryIds, long maxExecutionSeconds) {
        this(reads, queryIds, maxExecutionSeconds, TableIdentityKind.REPLICATED);
    }

    /** Member tables read with {@code identities} (external mode: {@link TableIdentityKind#DIRECT}). */
    public StrictCatalogAdapter(
            ReadTransport reads, Supplier<String> queryIds, long maxExecutionSeconds, TableIdentityKind identities) {
        this.reads = new StrictReads(reads, queryIds, maxExecutionSeconds);
        this.identities = requireNonNull(identities, "identities is null");
    }

    @Override
    public CatalogRead<ClusterInventory> inventory(String cluster) {
        return read(CatalogQueries.inventory(cluster), result -> {
            List<ClusterMember> members = new ArrayList<>();
            for (int i = 0; i < result.size(); i++) {
                Cells cells = new Cells(result, i);
                members.add(new ClusterMember(
                        cells.text("cluster"),
                        cells.number("shard_num"),
                        cells.number("replica_num"),
                        cells.text("host_name"),
                        cells.text("host_address"),
                        Math.toIntExact(cells.number("port")),
                        cells.number("internal_replication") == 1));
            }
            return new ClusterInventory(cluster, members);
        });
    }

    @Override
    public CatalogRead<List<MemberFacts>> members(String cluster, TableRef target, TableRef candidate) {
        requireNonNull(target, "target is null");
        requireNonNull(candidate, "candidate is null");
        return read(CatalogQueries.members(cluster, target, candidate), result -> {
            List<MemberFacts> facts = new ArrayList<>();
            for (int i = 0; i < result.size(); i++) {
                facts.addAll(MemberAnswers.facts(
                        new Cells(result, i).texts(CatalogQueries.MEMBER_RECORDS), target, candidate, identities));
            }
            return List.copyOf(facts);
        });
    }

    @Override
    public CatalogRead<List<ReplicaHealth>> candidateHealth(String cluster, TableRef candidate) {
        requireNonNull(candidate, "candidate is null");
        return read(CatalogQueries.candidateHealth(cluster, candidate), result -> {
            List<ReplicaHealth> health = new ArrayList<>();
            for (int i = 0; i < result.size(); i++) {
                HealthRow.read(member(new Cells(result, i)), new Cells(result, i))
                        .ifPresent(health::add);
            }
            return List.copyOf(health);
        });
    }

    @Override
    public CatalogRead<List<String>> tableNames(String cluster, String database, String prefix) {
        requireNonNull(database, "database is null");
        requireNonNull(prefix, "prefix is null");
        return read(CatalogQueries.tableNames(cluster, database, prefix), result -> {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < result.size(); i++) {
                names.add(new Cells(result, i).text("name"));
            }
            return List.copyOf(names);
        });
    }

    private static HostEndpoint member(Cells cells) {
        return new HostEndpoint(
                cells.text(CatalogQueries.MEMBER_HOST), Math.toIntExact(cells.number(CatalogQueries.MEMBER_PORT)));
    }

    private <T> CatalogRead<T> read(SqlStatement statement, Function<ReadResult, T> facts) {
        return reads.read(statement, facts);
    }

    /** The candidate's one replication row on one member, or empty when it has none or several. */
    private static final class HealthRow {
        static Optional<ReplicaHealth> read(HostEndpoint member, Cells cells) {
            List<Long> readonly = cells.numbers("readonly");
            if (readonly.size() != 1) {
                return Optional.empty();
            }
            return Optional.of(new ReplicaHealth(
                    member,
                    readonly.get(0) != 0,
                    only(cells.numbers("session_expired")) != 0,
                    only(cells.numbers("queue_sizes")),
                    cells.texts("queue_exceptions").get(0),
                    cells.texts("keeper_exceptions").get(0),
                    only(cells.numbers("active")),
                    only(cells.numbers("total")),
                    only(cells.numbers("log_pointers")),
                    only(cells.numbers("log_max_indexes")),
                    cells.number("staged_rows")));
        }

        private static long only(List<Long> values) {
            if (values.size() != 1) {
                throw new Cells.Malformed("replica arrays");
            }
            return values.get(0);
        }
    }
}
