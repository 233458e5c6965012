package io.dpone.spi.error;

import java.util.Objects;

/**
 * The one exception type that crosses module boundaries. Its message is bounded and must never
 * hold credentials, hostnames, addresses, row values, source SQL or local paths.
 */
public final class DponeException extends RuntimeException {
    public static final int MAX_MESSAGE_LENGTH = 512;

    private final DponeErrorCode code;

    public DponeException(DponeErrorCode code, String message) {
        super(bound(message));
        this.code = Objects.requireNonNull(code, "code is null");
    }

    public DponeException(DponeErrorCode code, String message, Throwable cause) {
        super(bound(message), cause);
        this.code = Objects.requireNonNull(code, "code is null");
    }

    public DponeErrorCode code() {
        return code;
    }

    static String bound(String message) {
        String text = message == null ? "" : message;
        return text.length() <= MAX_MESSAGE_LENGTH ? text : text.substring(0, MAX_MESSAGE_LENGTH - 3) + "...";
    }
}
