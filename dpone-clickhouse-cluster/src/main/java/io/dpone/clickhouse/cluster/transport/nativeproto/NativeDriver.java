package io.dpone.clickhouse.cluster.transport.nativeproto;

import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.io.IOException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Access to clickhouse-native-jdbc through {@code java.sql} only. The driver jar has no module
 * descriptor and its derived automatic name ({@code clickhouse.native.jdbc}) is not a legal module
 * name, so it can only live on the class path; this module therefore never names its types at
 * compile time. It is found through {@link ServiceLoader} ({@code uses java.sql.Driver}), and the
 * settings it does not predefine are registered once through its public {@code SettingKey}
 * builder by reflection (the unnamed module exports every package). Block compression is
 * switched off at the same time ({@link NativeProtocolCompression}), the driver learns the
 * {@code Bool} type ({@link NativeTypeAliases}), and every connection gets a buffered socket stream
 * ({@link NativeSocketBuffering}) before its first statement.
 *
 * <p>Settings travel as driver properties; the driver sends {@code query_id} in the native
 * protocol's query-id field and every other key as a query setting.
 */
final class NativeDriver {
    /** Marks a refusal before connecting because a setting cannot travel over this driver. */
    static final class UndeliverableSettingException extends Exception {
        UndeliverableSettingException() {
            super("undeliverable setting", null, false, false);
        }
    }

    static final String DRIVER_CLASS = "com.github.housepower.jdbc.ClickHouseDriver";
    static final String QUERY_ID_PROPERTY = "query_id";
    private static final Object REGISTRATION_LOCK = new Object();
    private static volatile boolean registered;

    private final Driver driver;
    private final NativeSocketBuffering buffering;

    private NativeDriver(Driver driver, NativeSocketBuffering buffering) {
        this.driver = driver;
        this.buffering = buffering;
    }

    static NativeDriver load() {
        for (Driver candidate : ServiceLoader.load(Driver.class, NativeDriver.class.getClassLoader())) {
            if (candidate.getClass().getName().equals(DRIVER_CLASS)) {
                registerSettings(candidate.getClass().getClassLoader());
                return new NativeDriver(
                        candidate, NativeSocketBuffering.of(candidate.getClass().getClassLoader()));
            }
        }
        throw new DponeException(
                DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                "clickhouse-native-jdbc is not on the class path");
    }

    /** Opens a fresh connection whose every query carries {@code context}'s id and settings. */
    Connection connect(ClickHouseEndpoint endpoint, QueryContext context) throws SQLException {
        if (undeliverable(context).isPresent()) {
            throw new SQLException(
                    "setting " + undeliverable(context).get().settingName()
                            + " cannot be delivered by the native driver",
                    new UndeliverableSettingException());
        }
        Properties properties = new Properties();
        properties.setProperty("user", endpoint.user());
        properties.setProperty("password", endpoint.password());
        properties.setProperty(
                "connect_timeout",
                Long.toString(Math.max(1, endpoint.connectTimeout().toSeconds())));
        properties.setProperty(
                "query_timeout",
                Long.toString(Math.max(1, endpoint.socketTimeout().toSeconds())));
        properties.setProperty(QUERY_ID_PROPERTY, context.queryId());
        for (Map.Entry<ServerSetting, String> setting : context.settings().entrySet()) {
            properties.setProperty(setting.getKey().settingName(), nativeValue(setting.getKey(), setting.getValue()));
        }
        String url = "jdbc:clickhouse://" + endpoint.host() + ":" + endpoint.port() + "/" + endpoint.database();
        Connection connection = driver.connect(url, properties);
        if (connection == null) {
            throw new SQLException("native driver refused the URL");
        }
        try {
            buffering.install(connection);
        } catch (ReflectiveOperationException | IOException | RuntimeException unbuffered) {
            connection.close();
            throw new SQLException("the native connection's socket stream could not be buffered", unbuffered);
        }
        return connection;
    }

    /**
     * Settings this driver cannot deliver: it speaks protocol revision 54380 (binary settings) and
     * a real 26.7 server silently keeps its default for these (proven by the real-server test).
     * A context carrying one is refused before anything is sent; send such statements over HTTP.
     */
    static final Set<ServerSetting> UNDELIVERABLE = EnumSet.of(ServerSetting.DISTRIBUTED_DDL_TASK_TIMEOUT);

    /** The first undeliverable setting of {@code context}, if any. */
    static Optional<ServerSetting> undeliverable(QueryContext context) {
        return context.settings().keySet().stream()
                .filter(UNDELIVERABLE::contains)
                .findFirst();
    }

    /** The driver parses booleans from {@code true}/{@code false} only. */
    private static String nativeValue(ServerSetting setting, String value) {
        if (setting.kind() == ServerSetting.Kind.BOOLEAN) {
            return "1".equals(value) ? "true" : "false";
        }
        return value;
    }

    private static void registerSettings(ClassLoader loader) {
        if (registered) {
            return;
        }
        synchronized (REGISTRATION_LOCK) {
            if (!registered) {
                NativeSettingRegistry.registerMissing(loader);
                NativeProtocolCompression.disable(loader);
                NativeTypeAliases.registerBool(loader);
                registered = true;
            }
        }
    }
}
