package io.dpone.testkit.fault;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.MutationOutcome.AmbiguityCause;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Wraps any transport (fakes and the real HTTP/native adapters) and injects the {@link TransportFault}
 * its {@link FaultPlan} chooses per statement kind, counting every call per query id in a
 * {@link CallCounter}. Reads and mutations share the plan, counter and log. A {@link SendHook}
 * sees every mutation right before and right after it is sent and may override the plan for that
 * call; several wrappers may share one counter. Thread-safe if the delegates and the hook are.
 */
public final class FaultInjectingTransport implements OneShotMutationTransport, ReadTransport {
    private final OneShotMutationTransport mutations;
    private final ReadTransport reads;
    private final FaultPlan plan;
    private final Sleeper sleeper;
    private final CallCounter counter;
    private final SendHook hook;
    private final List<InjectedFault> injected = new ArrayList<>();
    private final List<MutationOutcome> hidden = new ArrayList<>();
    private final AtomicLong sequence = new AtomicLong();

    public FaultInjectingTransport(
            OneShotMutationTransport mutations, ReadTransport reads, FaultPlan plan, Sleeper sleeper) {
        this(mutations, reads, plan, sleeper, new CallCounter(), SendHook.NONE);
    }

    /** A wrapper counting into a shared {@code counter} and calling {@code hook} around every mutation. */
    public FaultInjectingTransport(
            OneShotMutationTransport mutations,
            ReadTransport reads,
            FaultPlan plan,
            Sleeper sleeper,
            CallCounter counter,
            SendHook hook) {
        this.mutations = requireNonNull(mutations, "mutations is null");
        this.reads = requireNonNull(reads, "reads is null");
        this.plan = requireNonNull(plan, "plan is null");
        this.sleeper = requireNonNull(sleeper, "sleeper is null");
        this.counter = requireNonNull(counter, "counter is null");
        this.hook = requireNonNull(hook, "hook is null");
    }

    public CallCounter counter() {
        return counter;
    }

    /** Faults injected so far, in call order (NONE is not recorded). */
    public synchronized List<InjectedFault> injected() {
        return List.copyOf(injected);
    }

    @Override
    public MutationOutcome execute(SqlStatement statement, QueryContext context) {
        String queryId = context.queryId();
        counter.invoked(queryId);
        TransportFault hooked = hook.beforeSend(statement, context);
        TransportFault fault =
                hooked == TransportFault.NONE ? decide(statement, queryId) : record(statement, queryId, hooked);
        switch (fault) {
            case FAIL_BEFORE_SEND:
                return new MutationOutcome.NotSent(queryId, "injected: failed before send");
            case LOSE_RESPONSE_AFTER_EXECUTE:
                hide(send(statement, context));
                return new MutationOutcome.Ambiguous(
                        queryId,
                        AmbiguityCause.RESPONSE_LOST,
                        Optional.empty(),
                        "injected: response lost after execute");
            case DELAY:
                if (!pause()) {
                    return new MutationOutcome.NotSent(queryId, "injected: interrupted before send");
                }
                return send(statement, context);
            case REPEAT_SEND:
                hide(send(statement, context));
                return send(statement, context);
            default:
                return send(statement, context);
        }
    }

    @Override
    public ReadOutcome read(SqlStatement statement, QueryContext context) {
        String queryId = context.queryId();
        counter.invoked(queryId);
        TransportFault fault = decide(statement, queryId);
        switch (fault) {
            case FAIL_BEFORE_SEND:
                return failed(ReadFailure.Kind.NOT_SENT, "injected: failed before send");
            case LOSE_RESPONSE_AFTER_EXECUTE:
                counter.sent(queryId, statement.kind());
                reads.read(statement, context);
                return failed(ReadFailure.Kind.NO_RESPONSE, "injected: response lost after execute");
            case DELAY:
                if (!pause()) {
                    return failed(ReadFailure.Kind.NOT_SENT, "injected: interrupted before send");
                }
                break;
            case REPEAT_SEND:
                counter.sent(queryId, statement.kind());
                reads.read(statement, context);
                break;
            default:
                break;
        }
        counter.sent(queryId, statement.kind());
        return reads.read(statement, context);
    }

    /**
     * Real answers the wrapper withheld from its caller (lost responses, the first of a repeated
     * send), in call order; tests use them to prove what the server actually did.
     */
    public synchronized List<MutationOutcome> hiddenOutcomes() {
        return List.copyOf(hidden);
    }

    private synchronized void hide(MutationOutcome outcome) {
        hidden.add(outcome);
    }

    private MutationOutcome send(SqlStatement statement, QueryContext context) {
        counter.sent(context.queryId(), statement.kind());
        MutationOutcome outcome = mutations.execute(statement, context);
        hook.afterSend(statement, context, outcome);
        return outcome;
    }

    private TransportFault decide(SqlStatement statement, String queryId) {
        TransportFault fault = plan.next(statement.kind());
        return fault == TransportFault.NONE ? fault : record(statement, queryId, fault);
    }

    private synchronized TransportFault record(SqlStatement statement, String queryId, TransportFault fault) {
        injected.add(new InjectedFault(sequence.incrementAndGet(), queryId, statement.kind(), fault));
        return fault;
    }

    private boolean pause() {
        try {
            sleeper.sleep(plan.delay());
            return true;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static ReadOutcome failed(ReadFailure.Kind kind, String summary) {
        return new ReadOutcome.Failed(new ReadFailure(kind, Optional.empty(), summary));
    }
}
