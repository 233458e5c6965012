package io.dpone.spi.source;

/** How a source file's bytes are compressed. Publishers state which they accept. */
public enum Compression {
    NONE,
    GZIP,
    ZSTD,
    /** Anything else the host recognised but cannot name more precisely. */
    OTHER
}
