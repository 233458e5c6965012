package io.dpone.testkit.cluster;

/** No answer arrived: the connection was refused or reset, or the deadline passed. */
public final class QueryTransportException extends MemberQueryException {

    private final boolean timedOut;

    public QueryTransportException(String member, boolean timedOut, Throwable cause) {
        super((timedOut ? "No answer before the deadline from " : "No connection to ") + member, cause);
        this.timedOut = timedOut;
    }

    /** {@code true} when the deadline passed (e.g. a paused member), else a refused/reset connection. */
    public boolean timedOut() {
        return timedOut;
    }
}
