package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.catalog.MemberAnswers;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimDatabase;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The simulated {@link CatalogPort} through one member: the inventory is that member's
 * {@code system.clusters}; the per-member reads fan out over every configured member like
 * {@code clusterAllReplicas} with {@code skip_unavailable_shards = 0}, so one unavailable member fails
 * the read as a whole. Member facts are derived by the adapter's own {@code MemberAnswers} from the
 * raw records each member would answer.
 */
public final class SimCatalogPort implements CatalogPort {
    private final PortContext context;
    private final TableIdentityKind identities;

    /** Member tables read with {@link TableIdentityKind#REPLICATED} identities (internal mode). */
    public SimCatalogPort(PortContext context) {
        this(context, TableIdentityKind.REPLICATED);
    }

    /** Member tables read with {@code identities}, as the adapter reads them (external mode: {@link TableIdentityKind#DIRECT}). */
    public SimCatalogPort(PortContext context, TableIdentityKind identities) {
        this.context = context;
        this.identities = Objects.requireNonNull(identities, "identities is null");
    }

    @Override
    public CatalogRead<ClusterInventory> inventory(String cluster) {
        SqlQuoting.requireValidIdentifier(cluster);
        return read(
                PortCall.INVENTORY,
                () -> new CatalogRead.Observed<>(
                        new ClusterInventory(cluster, CatalogAnswers.inventory(context.world(), cluster))),
                false,
                cluster);
    }

    @Override
    public CatalogRead<List<MemberFacts>> members(String cluster, TableRef target, TableRef candidate) {
        SqlQuoting.requireValidIdentifier(cluster);
        Objects.requireNonNull(target, "target is null");
        Objects.requireNonNull(candidate, "candidate is null");
        return read(
                PortCall.MEMBERS,
                () -> {
                    List<MemberFacts> facts = new ArrayList<>();
                    for (SimMember member : context.world().configured(cluster)) {
                        facts.addAll(MemberAnswers.facts(
                                CatalogAnswers.memberRecords(context.world(), cluster, member, target, candidate),
                                target,
                                candidate,
                                identities));
                    }
                    return new CatalogRead.Observed<>(List.copyOf(facts));
                },
                true,
                cluster);
    }

    @Override
    public CatalogRead<List<ReplicaHealth>> candidateHealth(String cluster, TableRef candidate) {
        SqlQuoting.requireValidIdentifier(cluster);
        Objects.requireNonNull(candidate, "candidate is null");
        return read(
                PortCall.CANDIDATE_HEALTH,
                () -> {
                    List<ReplicaHealth> health = new ArrayList<>();
                    for (SimMember member : context.world().configured(cluster)) {
                        SimTable table = member.table(candidate.database(), candidate.table());
                        if (table == null) {
                            // count() of a missing table fails the whole fan-out
                            return CatalogRead.Unreadable.failed(ReadFailure.server(ServerError.fromRaw(
                                    ServerErrors.UNKNOWN_TABLE,
                                    ServerErrors.unknownTable(candidate.database(), candidate.table())
                                            .message())));
                        }
                        if (table.replicated()) {
                            health.add(CatalogAnswers.health(context.world(), member, table));
                        }
                    }
                    return new CatalogRead.Observed<>(List.copyOf(health));
                },
                true,
                cluster);
    }

    @Override
    public CatalogRead<List<String>> tableNames(String cluster, String database, String prefix) {
        SqlQuoting.requireValidIdentifier(cluster);
        Objects.requireNonNull(database, "database is null");
        Objects.requireNonNull(prefix, "prefix is null");
        return read(
                PortCall.TABLE_NAMES,
                () -> {
                    java.util.TreeSet<String> names = new java.util.TreeSet<>();
                    for (SimMember member : context.world().configured(cluster)) {
                        SimDatabase db = member.databases.get(database);
                        if (db != null) {
                            db.tables.keySet().stream()
                                    .filter(name -> name.startsWith(prefix))
                                    .forEach(names::add);
                        }
                    }
                    return new CatalogRead.Observed<>(List.copyOf(names));
                },
                true,
                cluster);
    }

    private <T> CatalogRead<T> read(PortCall call, Supplier<CatalogRead<T>> answer, boolean fanOut, String cluster) {
        return Reads.run(
                context,
                call,
                fanOut ? context.world().configured(cluster) : List.of(),
                answer,
                CatalogRead.Unreadable::failed,
                SimCatalogPort::describe);
    }

    public static String describe(CatalogRead<?> read) {
        if (read instanceof CatalogRead.Observed<?> observed) {
            return observed.facts() instanceof List<?> list ? "observed " + list.size() : "observed";
        }
        return "unreadable: " + ((CatalogRead.Unreadable<?>) read).describe();
    }
}
