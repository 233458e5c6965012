package io.dpone.clickhouse.external.real;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
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
import io.dpone.spi.publication.Cancellation;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The real native sessions with a test's fault hook on one member's insert: something happens to
 * the real cluster (a member is killed, a row is changed) at an exact point of that member's real
 * load, once. Everything else passes straight through.
 */
final class HookedSessions implements MemberSessions {
    /** When the hook runs. */
    enum Moment {
        AFTER_ROWS,
        AFTER_LOAD
    }

    private final MemberSessions real;
    private final int victimPort;
    private final Moment moment;
    private final long rows;
    private final Runnable hook;
    private final AtomicBoolean fired = new AtomicBoolean();

    HookedSessions(MemberSessions real, int victimPort, Moment moment, long rows, Runnable hook) {
        this.real = real;
        this.victimPort = victimPort;
        this.moment = moment;
        this.rows = rows;
        this.hook = hook;
    }

    boolean fired() {
        return fired.get();
    }

    @Override
    public Optional<String> refusal(ColumnType type, Object value) {
        return real.refusal(type, value);
    }

    @Override
    public MemberSession session(ResolvedEndpoint endpoint) {
        MemberSession session = real.session(endpoint);
        return endpoint.port() == victimPort ? new Hooked(session) : session;
    }

    private final class Hooked implements MemberSession {
        private final MemberSession session;

        Hooked(MemberSession session) {
            this.session = session;
        }

        @Override
        public CatalogRead<MemberSelf> identify(String cluster) {
            return session.identify(cluster);
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
            return session.create(candidate, uuid, definition);
        }

        @Override
        public MutationOutcome drop(TableRef candidate) {
            return session.drop(candidate);
        }

        @Override
        public MutationOutcome rename(TableRef from, TableRef to) {
            return session.rename(from, to);
        }

        @Override
        public LoadResult insert(
                TableRef candidate, ArtifactSchema schema, TypedRowSource source, Cancellation cancellation) {
            AtomicLong pulled = new AtomicLong();
            TypedRowSource counted = () -> {
                if (moment == Moment.AFTER_ROWS
                        && pulled.incrementAndGet() > rows
                        && fired.compareAndSet(false, true)) {
                    hook.run();
                }
                return source.next();
            };
            LoadResult result = session.insert(candidate, schema, counted, cancellation);
            if (moment == Moment.AFTER_LOAD && fired.compareAndSet(false, true)) {
                hook.run();
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
