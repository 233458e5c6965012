package io.dpone.clickhouse.cluster.transport;

import io.dpone.clickhouse.cluster.contract.error.ConnectionFault;
import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.contract.error.ErrorSummaryRedactor;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.MutationOutcome.AmbiguityCause;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Shared, protocol-neutral rules that turn a server error or a client-side throwable into an
 * outcome. The one place that decides "not sent" versus "ambiguous".
 */
public final class FailureMapping {
    private static final Pattern CODE = Pattern.compile("Code: (\\d{1,6})\\.");

    private FailureMapping() {}

    /**
     * A server error answer to a statement of {@code kind}: classified in the kind's execution
     * scope, a definitive class is a rejection and an ambiguous class is ambiguous. Every answer to
     * an {@code ON CLUSTER} statement is therefore ambiguous: it is resolved through the queue.
     */
    public static MutationOutcome fromServerError(String queryId, ServerError answered, StatementKind kind) {
        ServerError error = answered.inScope(kind.executionScope());
        if (error.classification().errorClass() == ErrorClass.AMBIGUOUS) {
            return new MutationOutcome.Ambiguous(
                    queryId, AmbiguityCause.SERVER_ERROR_AMBIGUOUS, Optional.of(error), error.summary());
        }
        return new MutationOutcome.Rejected(queryId, error);
    }

    /**
     * A throwable raised by the client. {@code connectPhase} is true when the caller knows the
     * request bytes were not written yet (connection establishment); otherwise the cause chain
     * decides, and anything unrecognised after a possible send is ambiguous.
     */
    public static MutationOutcome fromThrowable(String queryId, Throwable failure, boolean connectPhase) {
        String summary = summarize(failure);
        if (connectPhase || isConnectFailure(failure)) {
            return new MutationOutcome.NotSent(queryId, summary);
        }
        return new MutationOutcome.Ambiguous(queryId, cause(failure), Optional.empty(), summary);
    }

    /** The read counterpart of {@link #fromThrowable}, naming the connection fault the cause chain shows. */
    public static ReadFailure readFailure(Throwable failure, boolean connectPhase) {
        ReadFailure.Kind kind =
                connectPhase || isConnectFailure(failure) ? ReadFailure.Kind.NOT_SENT : ReadFailure.Kind.NO_RESPONSE;
        return new ReadFailure(kind, Optional.empty(), summarize(failure), connectionFault(failure));
    }

    /**
     * What the cause chain says about the connection itself: an unresolvable host, a failed TLS
     * handshake, or nothing accepting the connection in time. Anything else is no connection fault.
     */
    static Optional<ConnectionFault> connectionFault(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                return Optional.of(ConnectionFault.HOST_UNKNOWN);
            }
            if (t instanceof SSLException) {
                return Optional.of(ConnectionFault.TLS_FAILED);
            }
            if (t instanceof ConnectException
                    || t instanceof NoRouteToHostException
                    || t.getClass().getName().endsWith("ConnectTimeoutException")) {
                return Optional.of(ConnectionFault.REFUSED);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return Optional.empty();
    }

    /** Finds the first {@code Code: N.} in a server message. */
    public static Optional<Integer> codeIn(String message) {
        if (message == null) {
            return Optional.empty();
        }
        Matcher matcher = CODE.matcher(message);
        return matcher.find() ? Optional.of(Integer.parseInt(matcher.group(1))) : Optional.empty();
    }

    static boolean isConnectFailure(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ConnectException
                    || t instanceof NoRouteToHostException
                    || t instanceof UnknownHostException
                    || t instanceof SSLHandshakeException
                    || t.getClass().getName().endsWith("ConnectTimeoutException")) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    private static AmbiguityCause cause(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return AmbiguityCause.TIMEOUT;
            }
            if (t instanceof InterruptedIOException || t instanceof InterruptedException) {
                return AmbiguityCause.CANCELLED;
            }
            if (t instanceof java.io.IOException) {
                return AmbiguityCause.CONNECTION_LOST;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return AmbiguityCause.UNCLASSIFIED;
    }

    /** Exception type names plus the redacted first message line; never hosts or SQL. */
    static String summarize(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text =
                root.getClass().getSimpleName() + ": " + ErrorSummaryRedactor.redact(String.valueOf(root.getMessage()));
        return ErrorSummaryRedactor.redact(text);
    }
}
