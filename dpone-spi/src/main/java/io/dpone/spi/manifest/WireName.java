package io.dpone.spi.manifest;

import java.util.Optional;

/** A manifest token with one stable spelling; enums implement it so the parser has one lookup rule. */
public interface WireName {
    /** The exact, case-sensitive spelling in manifests and decision documents. */
    String wireName();

    /** The constant whose wire name equals {@code text} exactly, if any. */
    static <E extends Enum<E> & WireName> Optional<E> lookup(Class<E> type, String text) {
        for (E constant : type.getEnumConstants()) {
            if (constant.wireName().equals(text)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }
}
