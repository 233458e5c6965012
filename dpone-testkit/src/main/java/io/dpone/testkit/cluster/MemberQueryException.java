package io.dpone.testkit.cluster;

/**
 * A harness query did not succeed. The message names only the member and the failure class,
 * never the statement, credentials or addresses; a server's own text is available separately.
 */
public abstract sealed class MemberQueryException extends RuntimeException
        permits QueryFailedException, QueryTransportException {

    MemberQueryException(String message, Throwable cause) {
        super(message, cause);
    }
}
