package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberPolicy;
import io.dpone.clickhouse.external.member.MemberSelf;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.member.TypedRowSource;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.acceptance.StagingFault;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.fault.CallCounter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The production {@link NativeMemberSessions} to real members (ClickHouse containers, or the local
 * harness's processes), as the publication principal, with what a real acceptance backend adds
 * below them: (1) the admitted {@code system.clusters} endpoint (what the service resolves and
 * fences; for a container its network name and port 9000) is translated, like a name lookup, to
 * where the test JVM reaches that member now, so a restarted member (Docker may publish new ports)
 * is still the same resolved member; (2) the armed {@link StagingFault}s act on the member's
 * insert; (3) every member mutation is counted into the cluster's {@link CallCounter}. Thread-safe.
 */
final class ContainerMemberSessions implements MemberSessions {
    /** Rows per native insert batch: small, so a load can break off between batches (as on the simulator). */
    static final int BATCH_ROWS = 2;

    private final RunningCluster running;
    private final Map<String, Integer> admitted;
    private final NativeMemberSessions natives;
    private final CallCounter counter;
    private final List<StagingFault> armed;
    private final ExternalAcceptanceCluster cluster;

    /**
     * @param admitted member index by admitted endpoint ({@code host:port} as {@code system.clusters} lists it)
     * @param armed the cluster's armed staging faults; a fault is removed when it fires
     */
    ContainerMemberSessions(
            RunningCluster running,
            String database,
            Map<String, Integer> admitted,
            CallCounter counter,
            List<StagingFault> armed,
            ExternalAcceptanceCluster cluster) {
        this.running = requireNonNull(running, "running is null");
        this.admitted = Map.copyOf(admitted);
        this.counter = requireNonNull(counter, "counter is null");
        this.armed = requireNonNull(armed, "armed is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.natives = new NativeMemberSessions(
                database,
                running.publisher().user(),
                running.publisher().password(),
                Duration.ofSeconds(10),
                Duration.ofSeconds(PublicationDriver.DDL_TASK_TIMEOUT_SECONDS + 30),
                () -> "dpone-" + UUID.randomUUID(),
                BATCH_ROWS);
    }

    /** A direct session to member {@code index} at its currently published native port. */
    MemberSession direct(int index) {
        MemberEndpoint current = running.member(index).endpoint();
        return natives.session(new ResolvedEndpoint(current.host(), current.nativePort()));
    }

    @Override
    public MemberSession session(ResolvedEndpoint endpoint) {
        Integer index = admitted.get(endpoint.host() + ":" + endpoint.port());
        return index == null ? natives.session(endpoint) : new Hooked(index, direct(index));
    }

    @Override
    public Optional<String> refusal(ColumnType type, Object value) {
        return natives.refusal(type, value);
    }

    /** The faults armed for {@code member}'s insert, removed. */
    private List<StagingFault> take(int member) {
        synchronized (armed) {
            List<StagingFault> mine = new ArrayList<>();
            for (StagingFault fault : armed) {
                int target = fault instanceof StagingFault.KillDuringLoad kill
                        ? kill.member()
                        : ((StagingFault.ChangeRowAfterLoad) fault).member();
                if (target == member) {
                    mine.add(fault);
                }
            }
            armed.removeAll(mine);
            return mine;
        }
    }

    private void count(StatementKind kind) {
        counter.sent("member-" + UUID.randomUUID(), kind);
    }

    private final class Hooked implements MemberSession {
        private final int member;
        private final MemberSession session;

        Hooked(int member, MemberSession session) {
            this.member = member;
            this.session = session;
        }

        @Override
        public CatalogRead<MemberSelf> identify(String clusterName) {
            return session.identify(clusterName);
        }

        @Override
        public CatalogRead<MemberPolicy> policy(String database) {
            return session.policy(database);
        }

        @Override
        public CatalogRead<TableState> table(TableRef table) {
            return session.table(table);
        }

        @Override
        public MutationOutcome create(TableRef candidate, UUID uuid, CandidateDefinition definition) {
            count(StatementKind.MEMBER_LOCAL_DDL);
            return session.create(candidate, uuid, definition);
        }

        @Override
        public MutationOutcome drop(TableRef candidate) {
            count(StatementKind.MEMBER_LOCAL_DDL);
            return session.drop(candidate);
        }

        @Override
        public MutationOutcome rename(TableRef from, TableRef to) {
            count(StatementKind.MEMBER_LOCAL_DDL);
            return session.rename(from, to);
        }

        /**
         * A kill fires while the batch after the first {@code afterRows} rows is being filled, so
         * exactly those rows were committed (whole batches); a row change fires when the load ended.
         */
        @Override
        public LoadResult insert(
                TableRef candidate, ArtifactSchema schema, TypedRowSource rows, Cancellation cancellation) {
            count(StatementKind.CANDIDATE_LOAD);
            List<StagingFault> faults = take(member);
            TypedRowSource source = rows;
            for (StagingFault fault : faults) {
                if (fault instanceof StagingFault.KillDuringLoad kill) {
                    AtomicLong pulled = new AtomicLong();
                    TypedRowSource inner = source;
                    source = () -> {
                        if (pulled.incrementAndGet() == kill.afterRows() + BATCH_ROWS + 1) {
                            running.member(member).kill();
                        }
                        return inner.next();
                    };
                }
            }
            LoadResult result = session.insert(candidate, schema, source, cancellation);
            if (faults.stream().anyMatch(StagingFault.ChangeRowAfterLoad.class::isInstance)) {
                cluster.changeRow(member, candidate);
            }
            return result;
        }

        @Override
        public CatalogRead<MemberContent> content(TableRef candidate, ArtifactSchema schema, long rowBudget) {
            return session.content(candidate, schema, rowBudget);
        }

        @Override
        public CatalogRead<Long> rowCount(TableRef table) {
            return session.rowCount(table);
        }
    }
}
