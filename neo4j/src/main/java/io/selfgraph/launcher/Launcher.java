package io.selfgraph.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.io.ByteUnit;

/**
 * Runs the Neo4j Community engine with a Bolt connector on the loopback interface.
 *
 * <p>Arguments: {@code HOME_DIR BOLT_PORT PAGECACHE_MB TX_LOG_RETENTION}. The last is Neo4j's
 * {@code db.tx_log.rotation.retention_policy} (for example {@code "512M size"}): how much of the
 * transaction log is kept after a checkpoint. Neo4j's own default keeps two days, which a busy
 * development or test database turns into tens of gigabytes. The password of the {@code neo4j} user is
 * read from the environment variable {@code SELFGRAPH_NEO4J_PASSWORD} (never from the command line,
 * which other processes can read) and applied on every start, so the settings stay the source of
 * truth. The process writes {@code HOME_DIR/launcher.ready} once Bolt accepts connections and shuts
 * the engine down cleanly on SIGTERM.
 */
public final class Launcher {
  private Launcher() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: Launcher HOME_DIR BOLT_PORT PAGECACHE_MB TX_LOG_RETENTION");
      System.exit(2);
    }
    Path home = Path.of(args[0]).toAbsolutePath();
    int boltPort = Integer.parseInt(args[1]);
    long pageCacheMb = Long.parseLong(args[2]);
    String txLogRetention = args[3];
    String password = System.getenv("SELFGRAPH_NEO4J_PASSWORD");
    if (password == null || password.length() < 8) {
      System.err.println("SELFGRAPH_NEO4J_PASSWORD must be set (at least 8 characters)");
      System.exit(2);
    }
    Path ready = home.resolve("launcher.ready");
    Files.deleteIfExists(ready);

    DatabaseManagementService service =
        new DatabaseManagementServiceBuilder(home)
            .setConfig(GraphDatabaseSettings.auth_enabled, true)
            .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pageCacheMb))
            .setConfig(GraphDatabaseSettings.keep_logical_logs, txLogRetention)
            .setConfig(BoltConnector.enabled, true)
            .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", boltPort))
            .setConfig(HttpConnector.enabled, false)
            .build();

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  System.out.println("selfgraph-launcher: shutting down");
                  try {
                    Files.deleteIfExists(ready);
                  } catch (Exception ignored) {
                    // the marker is advisory; shutdown must go on
                  }
                  service.shutdown();
                  System.out.println("selfgraph-launcher: stopped");
                  stopped.countDown();
                }));

    try {
      applyPassword(service, password);
    } catch (RuntimeException e) {
      System.err.println("selfgraph-launcher: start-up failed: " + e.getMessage());
      System.exit(1);
    }

    Files.writeString(ready, Long.toString(ProcessHandle.current().pid()));
    System.out.println("selfgraph-launcher: bolt://127.0.0.1:" + boltPort + " ready");
    stopped.await();
  }

  /** Sets the password of {@code neo4j}; an unchanged password (a restart) is not an error. */
  private static void applyPassword(DatabaseManagementService service, String password) {
    try {
      service
          .database("system")
          .executeTransactionally(
              "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
              Map.of("password", password));
    } catch (QueryExecutionException e) {
      if (!e.getMessage().contains("cannot be the same")) {
        throw e;
      }
    }
  }
}
