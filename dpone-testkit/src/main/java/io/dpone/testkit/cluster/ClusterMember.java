package io.dpone.testkit.cluster;

import java.time.Duration;

/**
 * One member (replica) of a running test cluster. Fault methods are optional: a backend without
 * {@link ClusterCapability#PROCESS_FAULTS} throws {@link UnsupportedOperationException}.
 *
 * <p>Fault methods are not thread-safe with respect to each other; a test drives faults from one
 * thread. Clients may be used from any thread.
 */
public interface ClusterMember {

    /** Zero-based position in the shard, also the order in {@code <remote_servers>}. */
    int index();

    /** This member's {@code {replica}} macro. */
    String replicaName();

    /** Current endpoint; may change after {@link #restart()} on backends that remap ports. */
    MemberEndpoint endpoint();

    /** A client for this member as the given principal, with the default deadline. */
    MemberClient client(Credentials credentials);

    /** A client with a custom deadline, e.g. short when the member is expected to hang. */
    default MemberClient client(Credentials credentials, Duration timeout) {
        return client(credentials).withTimeout(timeout);
    }

    /** Whether the member's server process exists (paused counts as running). */
    boolean isRunning();

    /** SIGKILL the member; returns once the process is gone. Data stays on disk. */
    default void kill() {
        throw unsupported("kill");
    }

    /** SIGSTOP the member: its sockets stay open but nothing answers. */
    default void pause() {
        throw unsupported("pause");
    }

    /** SIGCONT a paused member. */
    default void resume() {
        throw unsupported("resume");
    }

    /** Kill the member if running, start it again on the same data, and wait until it answers. */
    default void restart() {
        throw unsupported("restart");
    }

    private UnsupportedOperationException unsupported(String fault) {
        return new UnsupportedOperationException(
                fault + " needs capability " + ClusterCapability.PROCESS_FAULTS + " which this backend lacks");
    }
}
