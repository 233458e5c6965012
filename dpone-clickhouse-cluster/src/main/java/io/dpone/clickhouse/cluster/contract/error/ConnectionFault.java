package io.dpone.clickhouse.cluster.contract.error;

import io.dpone.spi.error.DponeErrorCode;
import java.util.Optional;

/**
 * Why the coordinator connection could not be used at all, each with its own stable code: a
 * publication or status that cannot talk to its coordinator has read nothing, so it says which
 * of the host's settings to check instead of reporting a missing member. Pure.
 */
public enum ConnectionFault {
    /** Nothing accepted a connection at the host and port in time (refused, no route, connect timeout). */
    REFUSED(DponeErrorCode.CONNECTION_REFUSED),
    /** The host name does not resolve. */
    HOST_UNKNOWN(DponeErrorCode.CONNECTION_HOST_UNKNOWN),
    /** The TLS handshake failed: TLS against a plain port, an untrusted certificate, no common protocol. */
    TLS_FAILED(DponeErrorCode.CONNECTION_TLS_FAILED),
    /** Something answered, but not as ClickHouse's HTTP interface does (an HTTP error without a ClickHouse exception code). */
    NOT_CLICKHOUSE(DponeErrorCode.CONNECTION_NOT_CLICKHOUSE),
    /** ClickHouse answered and refused the principal (unknown user, wrong password, authentication failed). */
    AUTHENTICATION_FAILED(DponeErrorCode.CONNECTION_AUTHENTICATION_FAILED);

    /** ClickHouse never sends 0 as an exception code: the client reports an HTTP error without one as 0. */
    static final int NO_CLICKHOUSE_CODE = 0;

    private final DponeErrorCode code;

    ConnectionFault(DponeErrorCode code) {
        this.code = code;
    }

    public DponeErrorCode code() {
        return code;
    }

    /**
     * The fault a server answer proves about the connection itself, if any: authentication codes
     * 192 UNKNOWN_USER, 193 WRONG_PASSWORD, 194 REQUIRED_PASSWORD, 516 AUTHENTICATION_FAILED, and
     * the client's code 0 for an HTTP error that carried no ClickHouse exception code.
     */
    public static Optional<ConnectionFault> ofServerCode(int serverCode) {
        return switch (serverCode) {
            case 192, 193, 194, 516 -> Optional.of(AUTHENTICATION_FAILED);
            case NO_CLICKHOUSE_CODE -> Optional.of(NOT_CLICKHOUSE);
            default -> Optional.empty();
        };
    }
}
